import Foundation
import PrefsTestHelpers
import Testing

/// Search, delayed mode and another process's writes, with the editor running as `prefs tui` runs it, in-process on
/// a terminal in memory: its store's service and watch are the real ones.
@Suite(.needs(.tmux), .threadOfItsOwn) struct EditorTerminalModesTests {
    @Test func slashOnTheSuitesSearchesEverySuiteAndOpensTheKeyFound() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "com.example.mail", "server", "imap.example.org")
        try prefs.run("write", "com.example.app", "theme", "dark")
        try prefs.run("write", "org.other", "mirror", "imap.mirror.net")
        let editor = prefs.editor("tui")
        #expect(editor.waitFor { $0.contains("org.other") })
        editor.type("/imap")
        #expect(
            editor.waitFor {
                $0.contains("com.example.mail › server") && $0.contains("org.other › mirror")
                    && $0.contains("2 keys in 2 suites")
            })
        #expect(!editor.screen.contains("theme"))
        editor.type(.key(.enter), .key(.down), .key(.enter))
        #expect(editor.waitFor { $0.contains("suites › org.other") && $0.contains("imap.mirror.net") })
        editor.type(.key(.escape))
        #expect(editor.waitFor { $0.contains("/imap") && $0.contains("com.example.mail › server") })
    }

    @Test func delayedEditsAreAppliedOrDismissedTogetherOnDisk() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "S", "a", "1", "-t", "int")
        try prefs.run("write", "S", "b", "true", "-t", "bool")
        let before = try Data(contentsOf: prefs.suiteFile("S"))
        let editor = prefs.editor("tui", "S")
        #expect(editor.waitFor { $0.contains("suites › S") })
        editor.type("P++j ")
        #expect(editor.waitFor { $0.contains("[delayed: 2 pending]") })
        #expect(try Data(contentsOf: prefs.suiteFile("S")) == before, "nothing is written yet")
        editor.type("D")
        #expect(editor.waitFor { $0.contains("dismissed 2 pending changes; nothing was written") })
        #expect(try Data(contentsOf: prefs.suiteFile("S")) == before)

        editor.type("k+j A")
        #expect(editor.waitFor { $0.contains("applied 2 changes") })
        #expect(try prefs.run("read", "S", "a").output == "2\n")
        #expect(try prefs.run("read", "S", "b").output == "false\n")
        // One write in the journal: one `prefs undo` reverts both keys.
        #expect(try prefs.run("undo", "S").status == 0)
        #expect(try prefs.run("read", "S", "a").output == "1\n")
        #expect(try prefs.run("read", "S", "b").output == "true\n")
    }

    /// The other writer is an app of its own on PrefsKit, so that the change arrives through the store's watch.
    @Test func anotherProcesssWriteToAPendingKeyIsMarkedAndKept() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "S", "a", "1", "-t", "int")
        let editor = prefs.editor("tui", "S")
        #expect(editor.waitFor { $0.contains("suites › S") })
        editor.type("P+")
        #expect(editor.waitFor { $0.contains("[delayed: 1 pending]") })
        let app = try ChildProcess.run(
            "prefs-test-helper", ["set", prefs.configDirectory.path, "S", "a", "50"], environment: prefs.environment)
        #expect(app.status == 0, "\(app.standardError)")
        #expect(editor.waitFor { $0.contains("another process changed pending key a") })
        editor.type("p")
        #expect(editor.waitFor { $0.contains("! S › a: 1 → 2  (now 50 by another process)") })
        editor.type("A")
        #expect(editor.waitFor { $0.contains("A again overwrites") })
        #expect(try prefs.run("read", "S", "a").output == "50\n")
        editor.type("Dqq")
        #expect(editor.waitUntilEnded()?.status == 0)
        #expect(try prefs.run("read", "S", "a").output == "50\n")
    }
}

/// Real signals to the real editor in tmux: Ctrl-C asks, SIGTERM twice and SIGHUP keep the pending changes, and the
/// next `prefs tui` offers them back.
@Suite(.needs(.tmux), .threadOfItsOwn, .serialized) struct EditorTerminalSignalTests {
    private static func editorWithPendingChange(_ cli: PrefsCLI) throws -> TmuxSession {
        try cli.run("write", "S", "a", "1", "-t", "int")
        let terminal = try TmuxSession(running: "prefs", "tui S", in: cli, width: 120, height: 30)
        #expect(try terminal.waitFor { $0.contains("suites › S") })
        try terminal.send("P", "+")
        #expect(try terminal.waitFor { $0.contains("[delayed: 1 pending]") })
        return terminal
    }

    @Test func ctrlCAsksAndSIGTERMTwiceKeepsTheChangesForTheNextStart() throws {
        let cli = try PrefsCLI()
        let terminal = try Self.editorWithPendingChange(cli)
        defer { terminal.close() }
        try terminal.send("C-c")
        #expect(try terminal.waitFor { $0.contains("Apply the 1 pending change before quitting?") })
        try terminal.send("Escape")
        #expect(try terminal.waitFor { !$0.contains("Apply the 1 pending change before quitting?") })
        let pid = try #require(try Self.editorPID(in: terminal))
        kill(pid, SIGTERM)
        #expect(try terminal.waitFor { $0.contains("Apply the 1 pending change before quitting?") })
        kill(pid, SIGTERM)
        #expect(try terminal.waitFor { $0.contains("EXITED 0") && $0.contains("kept 1 pending change in ") })
        #expect(try cli.run("read", "S", "a").output == "1\n", "nothing was written")
        let again = try TmuxSession(running: "prefs", "tui S", in: cli, width: 120, height: 30)
        defer { again.close() }
        #expect(try again.waitFor { $0.contains("Restore the 1 pending change an editor kept") })
        try again.send("y")
        #expect(try again.waitFor { $0.contains("[delayed: 1 pending]") })
        try again.send("A")
        #expect(try again.waitFor { $0.contains("applied 1 change") })
        #expect(try cli.run("read", "S", "a").output == "2\n")
    }

    @Test func closingTheTerminalKeepsTheChanges() throws {
        let cli = try PrefsCLI()
        let terminal = try Self.editorWithPendingChange(cli)
        let pid = try #require(try Self.editorPID(in: terminal))
        // The terminal going away: tmux hangs up on its pane.
        terminal.close()
        #expect(eventually(timeout: .seconds(10)) { kill(pid, 0) != 0 })
        let recovery = cli.home.url.appendingPathComponent("state/prefs/recovery")
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: recovery.path)) ?? []
        #expect(kept.count == 1, "\(kept)")
        #expect(try cli.run("read", "S", "a").output == "1\n")
    }

    /// The `prefs` process inside the pane's shell.
    private static func editorPID(in terminal: TmuxSession) throws -> Int32? {
        guard let shell = try terminal.panePID() else { return nil }
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children.split(separator: " ").compactMap { Int32($0) }.first
    }
}
