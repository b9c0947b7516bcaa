import Foundation
import PrefsTestHelpers
import Testing

/// The query language and suite deletion in a real terminal: `prefs` under tmux, as a person types.
@Suite(.needs(.tmux), .threadOfItsOwn, .serialized) struct EditorTerminalQueryTests {
    @Test func aQueryIsNamedWhileMistypedThenFindsAndOpensItsKeys() throws {
        let cli = try PrefsCLI()
        try cli.installSchema(EditorFixture.manifest)
        try cli.run("write", "com.example.app", "theme", "dark")
        try cli.run("write", "notes", "greeting", "hello")
        let terminal = try TmuxSession(running: "prefs", "", in: cli)
        defer { terminal.close() }
        #expect(try terminal.waitFor { $0.contains("com.example.app") && $0.contains("notes") })

        try terminal.send("/", "@modifed")
        #expect(try terminal.waitFor { $0.contains(#"did you mean "@modified"?"#) })
        try terminal.send("C-u", "@modified -greeting")
        #expect(try terminal.waitFor { $0.contains("com.example.app › theme") && !$0.contains("notes › greeting") })
        try terminal.send("Enter", "Enter")
        #expect(try terminal.waitFor { $0.contains("suites › com.example.app") })

        // On the suites, R deletes the suite selected after a y; u brings it back.
        try terminal.send("Escape", "Escape", "C-u", "Escape")
        #expect(try terminal.waitFor { $0.contains("enter open") })
        try terminal.send("G", "R")
        #expect(try terminal.waitFor { $0.contains(#"Delete suite "notes" and its 1 key"#) })
        try terminal.send("y")
        #expect(try terminal.waitFor { $0.contains(#"deleted suite "notes""#) })
        #expect(!FileManager.default.fileExists(atPath: cli.suiteFile("notes").path))
        try terminal.send("u")
        #expect(try terminal.waitFor { $0.contains("undone in notes") })
        #expect(try cli.run("read", "notes", "greeting").output == "hello\n")
        try terminal.send("q")
        #expect(try terminal.waitFor { $0.contains("EXITED 0") })
    }
}
