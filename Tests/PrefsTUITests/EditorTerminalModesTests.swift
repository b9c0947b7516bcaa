import Foundation
import PrefsTestHelpers
import Testing

/// Search, delayed mode and another process's writes, in a real terminal with the built `prefs`.
@Suite(.serialized) struct EditorTerminalModesTests {
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
