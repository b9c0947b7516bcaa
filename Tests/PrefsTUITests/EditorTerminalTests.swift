import Foundation
import PrefsTestHelpers
import Testing

/// The editor in a real terminal: `prefs` under tmux, driven by keys, while other processes write.
@Suite(.needs(.tmux), .threadOfItsOwn, .serialized) struct EditorTerminalTests {
    private func launch(_ cli: PrefsCLI, _ arguments: String = "") throws -> TmuxSession {
        try TmuxSession(running: "prefs", arguments, in: cli)
    }

    @Test func browseToggleSeeAnotherProcesssWriteResizeTypeWideTextAndQuit() throws {
        let cli = try PrefsCLI()
        try cli.installSchema(EditorFixture.manifest)
        try cli.run("write", "com.example.app", "theme", "dark")
        try cli.run("write", "notes", "greeting", "hello")
        let terminal = try launch(cli)
        defer { terminal.close() }
        #expect(try terminal.waitFor { $0.contains("com.example.app") && $0.contains("notes") && $0.contains("1/2") })

        try terminal.send("Enter")
        #expect(try terminal.waitFor { $0.contains("suites › com.example.app") && $0.contains("showsTips") })
        try terminal.send("j", "j", "Space")
        #expect(try terminal.waitFor { $0.contains("showsTips = false") })
        #expect(try cli.run("read", "com.example.app", "showsTips").output == "false\n")

        try cli.run("write", "com.example.app", "theme", "black")
        #expect(try terminal.waitFor { $0.contains("black") }, "another process's write appears")
        #expect(try terminal.capture().contains("3/4"), "the selection stays on showsTips")

        try terminal.resize(width: 44, height: 20)
        #expect(try terminal.waitFor { screen in screen.contains("showsTips") && !screen.contains("string") })
        try terminal.resize(width: 90, height: 24)
        #expect(try terminal.waitFor { $0.contains("string") })

        try terminal.send("Escape")
        #expect(try terminal.waitFor { $0.contains("enter open") })
        // Wide characters typed at the terminal arrive whole, and the cursor moves over them by character.
        try terminal.send("j", "Enter")
        #expect(try terminal.waitFor { $0.contains("suites › notes") && $0.contains("greeting") })
        try terminal.send("Enter", "C-u", "End", "C-u", "漢字", "Left", "x", "Enter")
        #expect(try terminal.waitFor { $0.contains("greeting = 漢x字") })
        #expect(try cli.run("read", "notes", "greeting").output == "漢x字\n")
        try terminal.send("Escape")
        #expect(try terminal.waitFor { $0.contains("enter open") })
        try terminal.send("q")
        #expect(try terminal.waitFor { $0.contains("EXITED 0") })
        #expect(try !terminal.capture().contains("enter open"), "the editor's screen is gone: the terminal is restored")
    }

    /// The schema folder is watched: `prefs schema install` and `uninstall` show without a key.
    ///
    /// The editor runs in-process, on a terminal in memory, as `prefs tui` runs it.
    @Test func aSchemaInstalledWhileTheEditorRunsShowsAtOnce() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "com.example.app", "theme", "dark")
        let editor = prefs.editor("tui")
        #expect(editor.waitFor { $0.contains("com.example.app") && $0.contains("1 key") })
        #expect(!editor.screen.contains("schema"))
        try prefs.installSchema(EditorFixture.manifest)
        #expect(editor.waitFor { $0.contains("1 key, schema") })
        try prefs.run("schema", "uninstall", "com.example.app")
        #expect(editor.waitFor { $0.contains("1 key") && !$0.contains("schema") })
        editor.type("q")
        #expect(editor.waitUntilEnded()?.status == 0)
    }

    /// In-process, on a terminal in memory: the values go through the same rules whatever the terminal.
    @Test func editAnEnumANumberAndAStringRefuseBadInputAndUndo() throws {
        let prefs = try InProcessPrefs()
        try prefs.installSchema(EditorFixture.manifest)
        try prefs.run("write", "notes", "greeting", "hello")
        let editor = prefs.editor("tui", "com.example.app")
        #expect(editor.waitFor { $0.contains("fontScale") && $0.contains("1/4") })

        // The enum: a picker on the current value; j then Enter writes the next choice.
        editor.type(.key(.enter))
        #expect(editor.waitFor { $0.contains("─ theme ─") && $0.contains("● light") })
        editor.type(.character("j"), .key(.enter))
        #expect(editor.waitFor { $0.contains("theme = dark") })
        #expect(try prefs.run("read", "com.example.app", "theme").output == "dark\n")

        // The number: out of range is refused inline and writes nothing, then a good value is written.
        editor.type(.character("j"), .key(.enter), .control("u"), .character("9"), .key(.enter))
        #expect(editor.waitFor { $0.contains("out of range 0.5...3.0") })
        #expect(try prefs.run("read", "com.example.app", "fontScale").output == "1.0\n")
        editor.type(.key(.backspace))
        editor.type("2.5")
        editor.type(.key(.enter))
        #expect(editor.waitFor { $0.contains("fontScale = 2.5") })
        #expect(try prefs.run("read", "com.example.app", "fontScale").output == "2.5\n")

        // u undoes it.
        editor.type("u")
        #expect(editor.waitFor { $0.contains("undone in com.example.app: fontScale: 2.5 -> (unset)") })
        #expect(try prefs.run("read", "com.example.app", "fontScale").output == "1.0\n")

        // The string, in a suite without a schema.
        editor.type(.key(.escape), .character("j"), .key(.enter))
        #expect(editor.waitFor { $0.contains("greeting") && $0.contains("suites › notes") })
        editor.type(.key(.enter), .control("u"))
        editor.type("bonjour")
        editor.type(.key(.enter))
        #expect(editor.waitFor { $0.contains("greeting = bonjour") })
        #expect(try prefs.run("read", "notes", "greeting").output == "bonjour\n")
        editor.type("qq")
        #expect(editor.waitUntilEnded()?.status == 0)
    }

    @Test func anAppEmbedsTheEditorWithItsOwnSchema() throws {
        let cli = try PrefsCLI()
        let suite = cli.home.url.appendingPathComponent("apps/com.example.theme-demo").path
        _ = try ChildProcess.run("theme-demo", ["--suite", suite, "set-theme", "black"], environment: cli.environment)
        let terminal = try TmuxSession(running: "theme-demo", "--suite \(suite) edit", in: cli)
        defer { terminal.close() }
        // No schema is installed: the keys listed beyond the stored theme, and their marks, come from the app's own.
        #expect(try terminal.waitFor { $0.contains("showsWelcomeTips") && $0.contains("* theme") })
        try terminal.send("Enter", "g", "Enter")
        #expect(try terminal.waitFor { $0.contains("theme = light") })
        try terminal.send("q", "q")
        #expect(try terminal.waitFor { $0.contains("EXITED 0") })
        let show = try ChildProcess.run("theme-demo", ["--suite", suite], environment: cli.environment)
        #expect(show.standardOutput.contains("theme = light"))
    }

    @Test func anInterruptRestoresTheTerminal() throws {
        let cli = try PrefsCLI()
        try cli.run("write", "notes", "greeting", "hello")
        let terminal = try launch(cli, "tui notes")
        defer { terminal.close() }
        #expect(try terminal.waitFor { $0.contains("greeting") })
        try terminal.send("C-c")
        #expect(try terminal.waitFor { $0.contains("EXITED") })
        #expect(try !terminal.capture().contains("greeting"))
    }

    /// In-process, as `prefs` runs it: its standard streams, captured, are no terminal.
    @Test func theEditorRefusesToRunWithoutATerminal() throws {
        let result = try InProcessPrefs().run(["tui"])
        #expect(result.status == 1)
        #expect(result.error.contains("needs a terminal"))
    }
}
