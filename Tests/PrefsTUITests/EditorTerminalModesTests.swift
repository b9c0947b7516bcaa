import Foundation
import PrefsTestHelpers
import Testing

/// Search, delayed mode and another process's writes, in a real terminal with the built `prefs`.
@Suite(.threadOfItsOwn, .serialized) struct EditorTerminalModesTests {
    @Test func slashOnTheSuitesSearchesEverySuiteAndOpensTheKeyFound() throws {
        let cli = try PrefsCLI()
        try cli.run("write", "com.example.mail", "server", "imap.example.org")
        try cli.run("write", "com.example.app", "theme", "dark")
        try cli.run("write", "org.other", "mirror", "imap.mirror.net")
        let terminal = try TmuxSession(running: "prefs", "tui", in: cli, width: 120, height: 30)
        defer { terminal.close() }
        #expect(try terminal.waitFor { $0.contains("org.other") })
        try terminal.send("/", "i", "m", "a", "p")
        #expect(
            try terminal.waitFor {
                $0.contains("com.example.mail › server") && $0.contains("org.other › mirror")
                    && $0.contains("2 keys in 2 suites")
            })
        #expect(try !terminal.capture().contains("theme"))
        try terminal.send("Enter", "Down", "Enter")
        #expect(try terminal.waitFor { $0.contains("suites › org.other") && $0.contains("imap.mirror.net") })
        try terminal.send("Escape")
        #expect(try terminal.waitFor { $0.contains("/imap") && $0.contains("com.example.mail › server") })
    }

    @Test func delayedEditsAreAppliedOrDismissedTogetherOnDisk() throws {
        let cli = try PrefsCLI()
        try cli.run("write", "S", "a", "1", "-t", "int")
        try cli.run("write", "S", "b", "true", "-t", "bool")
        let before = try Data(contentsOf: cli.suiteFile("S"))
        let terminal = try TmuxSession(running: "prefs", "tui S", in: cli, width: 120, height: 30)
        defer { terminal.close() }
        #expect(try terminal.waitFor { $0.contains("suites › S") })
        try terminal.send("P", "+", "+", "j", "Space")
        #expect(try terminal.waitFor { $0.contains("[delayed: 2 pending]") })
        #expect(try Data(contentsOf: cli.suiteFile("S")) == before, "nothing is written yet")
        try terminal.send("D")
        #expect(try terminal.waitFor { $0.contains("dismissed 2 pending changes; nothing was written") })
        #expect(try Data(contentsOf: cli.suiteFile("S")) == before)

        try terminal.send("k", "+", "j", "Space", "A")
        #expect(try terminal.waitFor { $0.contains("applied 2 changes") })
        #expect(try cli.run("read", "S", "a").output == "2\n")
        #expect(try cli.run("read", "S", "b").output == "false\n")
        // One write in the journal: one `prefs undo` reverts both keys.
        #expect(try cli.run("undo", "S").status == 0)
        #expect(try cli.run("read", "S", "a").output == "1\n")
        #expect(try cli.run("read", "S", "b").output == "true\n")
    }

    @Test func anotherProcesssWriteToAPendingKeyIsMarkedAndKept() throws {
        let cli = try PrefsCLI()
        try cli.run("write", "S", "a", "1", "-t", "int")
        let terminal = try TmuxSession(running: "prefs", "tui S", in: cli, width: 120, height: 30)
        defer { terminal.close() }
        #expect(try terminal.waitFor { $0.contains("suites › S") })
        try terminal.send("P", "+")
        #expect(try terminal.waitFor { $0.contains("[delayed: 1 pending]") })
        try cli.run("write", "S", "a", "50")
        #expect(try terminal.waitFor { $0.contains("another process changed pending key a") })
        try terminal.send("p")
        #expect(try terminal.waitFor { $0.contains("! S › a: 1 → 2  (now 50 by another process)") })
        try terminal.send("A")
        #expect(try terminal.waitFor { $0.contains("A again overwrites") })
        #expect(try cli.run("read", "S", "a").output == "50\n")
        try terminal.send("D", "q", "q")
        #expect(try terminal.waitFor { $0.contains("EXITED 0") })
        #expect(try cli.run("read", "S", "a").output == "50\n")
    }
}

/// Real signals to the real editor in tmux: Ctrl-C asks, SIGTERM twice and SIGHUP keep the pending changes, and the
/// next `prefs tui` offers them back.
@Suite(.threadOfItsOwn, .serialized) struct EditorTerminalSignalTests {
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
