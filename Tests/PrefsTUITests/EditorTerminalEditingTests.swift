import Foundation
import PrefsTestHelpers
import Testing

/// Editing: a line longer than the screen, read-only browsing, and in a real terminal `$EDITOR` and a hostile key in
/// the title.
@Suite(.needs(.tmux, .vim), .threadOfItsOwn, .serialized) struct EditorTerminalEditingTests {
    /// In-process, on a terminal in memory as wide as tmux's.
    @Test func aThreeHundredCharacterValueScrollsAndWhatIsTypedIsShownAndWritten() throws {
        let prefs = try InProcessPrefs()
        let value = String(repeating: "abcdefghij", count: 30)
        try prefs.run("write", "S", "long", value)
        let editor = prefs.editor("tui", "S")
        #expect(editor.waitFor { $0.contains("suites › S") && $0.contains("long") })
        editor.type(.key(.enter))
        #expect(editor.waitFor { $0.contains("long: ") })
        editor.type(.key(.end), .character("X"), .character("Y"), .character("Z"))
        #expect(editor.waitFor { screen in screen.split(separator: "\n").contains { $0.contains("hijXYZ") } })
        let line = try #require(editor.screen.split(separator: "\n").first { $0.contains("long: …") })
        #expect(line.hasSuffix("hijXYZ"), "\(line)")
        editor.type(.key(.enter))
        // The message wraps: the name on the first line, the value on the second, ending in "… M shows all".
        #expect(editor.waitFor { $0.contains("long =") && $0.contains("M shows all") })
        #expect(try prefs.run("read", "S", "long").output == value + "XYZ\n")
    }

    @Test func eEditsTheValueInTheUsersEditorAndTheTerminalComesBack() throws {
        let cli = try PrefsCLI()
        try cli.run("write", "S", "list", #"["a","b"]"#, "--type", "json")
        let script = cli.home.url.appendingPathComponent("editor.sh")
        let received = cli.home.url.appendingPathComponent("received.json")
        let command = try editorScript(
            """
            #!/bin/sh
            cp "$1" '\(received.path)'
            printf '["a", "b", "c"]\\n' > "$1"
            """, at: script)
        let terminal = try TmuxSession(running: "prefs", "tui S", in: cli, extra: ["VISUAL": command])
        defer { terminal.close() }
        #expect(try terminal.waitFor { $0.contains("suites › S") && $0.contains("list") })
        try terminal.send("e")
        #expect(try terminal.waitFor { $0.contains(#"list = ["a","b","c"]"#) }, "\((try? terminal.capture()) ?? "")")
        #expect(try terminal.capture().contains("suites › S"), "the editor's screen is drawn again")
        #expect(try String(contentsOf: received, encoding: .utf8) == "[\n  \"a\",\n  \"b\"\n]\n")
        #expect(try cli.run("read", "S", "list").output == #"["a","b","c"]"# + "\n")
        try terminal.send("q", "q")
        #expect(try terminal.waitFor { $0.contains("EXITED 0") })
    }

    @Test func aKeyHoldingControlCharactersIsEscapedInTheTitleAndLeavesNothingBehind() throws {
        let cli = try PrefsCLI()
        try cli.run("write", "S", "plain", "1")
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>bell&#7;esc&#27;[31mG</key><string>x</string>\
            <key>plain</key><string>1</string></dict></plist>
            """
        try Data(plist.utf8).write(to: cli.suiteFile("S"))
        let terminal = try TmuxSession(running: "prefs", "tui S", in: cli)
        defer { terminal.close() }
        #expect(try terminal.waitFor { $0.contains("plain") })
        try terminal.send("l")
        let title = #"suites › S › bell\u{7}esc\e[31mG"#
        #expect(
            try terminal.waitFor { $0.split(separator: "\n").first?.contains(title) == true },
            "\((try? terminal.capture()) ?? "")")
        try terminal.send("Escape", "C-l")
        #expect(try terminal.waitFor { $0.split(separator: "\n").first.map(String.init) == " prefs  suites › S" })
    }

    /// In-process, on a terminal in memory.
    @Test func readOnlyOffersNoEditingAndCreatesNothing() throws {
        let prefs = try InProcessPrefs()
        let missing = prefs.home.url.appendingPathComponent("absent")
        let refused = prefs.editor("tui", "--read-only", "--config-dir", missing.path).waitUntilEnded()
        #expect(refused?.status == 1)
        #expect(refused?.error.contains("--read-only creates nothing") == true, "\(refused?.error ?? "")")
        #expect(!FileManager.default.fileExists(atPath: missing.path))

        try prefs.run("write", "S", "k", "1", "-t", "int")
        let browsing = prefs.editor("tui", "--read-only", "S")
        #expect(browsing.waitFor { $0.contains("[read-only]") && $0.contains("k") })
        #expect(!browsing.screen.contains("enter edit"))
        browsing.type("R")
        #expect(browsing.waitFor { $0.contains("read-only: nothing can be changed") })
        #expect(!browsing.screen.contains("Reset all"))
        browsing.type(.character("+"), .key(.enter))
        browsing.type("qq")
        #expect(browsing.waitUntilEnded()?.status == 0)
        #expect(try prefs.run("read", "S", "k").output == "1\n")
    }
}

/// `e` runs the user's real text editor in the terminal's foreground, as a shell would.
///
/// The editors are vim, and `vi` when neither `VISUAL` nor `EDITOR` is set (nano is not in this machine's package
/// registry). Before, the child ran outside the foreground group, vim exited with "Error reading
/// input", and its replies to the terminal arrived as the editor's keystrokes.
@Suite(
    .needs(.tmux, .vim),
    .threadOfItsOwn, .serialized,
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/vim"), "needs vim"))
struct EditorRealTextEditorTests {
    /// Opens the editor on `notes`, presses `e` and waits for the text editor to show the value's file.
    private static func editInVim(_ cli: PrefsCLI, editor: String?) throws -> TmuxSession {
        try cli.run("write", "notes", "greeting", "hello")
        let prefs = try ChildProcess.executable(named: "prefs").path
        let environment = cli.environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        let chosen = editor.map { "EDITOR=\($0)" } ?? ""
        let terminal = try TmuxSession(
            "env -u EDITOR -u VISUAL \(environment) \(chosen) LANG=C.UTF-8 \(prefs) tui notes; echo EXITED $?; "
                + "sleep 30", width: 100, height: 24)
        #expect(try terminal.waitFor { $0.contains("greeting") && $0.contains("hello") })
        try terminal.send("e")
        let shown = try terminal.waitFor { $0.contains("greeting.txt") }
        let screen = try terminal.capture()
        #expect(shown, "\(screen)")
        return terminal
    }

    @Test(arguments: ["vim", nil] as [String?])
    func vimEditsTheValueInTheForeground(editor: String?) throws {
        let cli = try PrefsCLI()
        let terminal = try Self.editInVim(cli, editor: editor)
        defer { terminal.close() }
        try terminal.send("c", "w", "w", "o", "r", "l", "d", "Escape")
        try terminal.send(":", "w", "q", "Enter")
        let written = try terminal.waitFor { $0.contains("greeting = world") }
        let screen = try terminal.capture()
        #expect(written, "\(screen)")
        #expect(try cli.run("read", "notes", "greeting").output == "world\n")
        // The editor has the terminal back: its keys work, and nothing vim said arrived as a keystroke.
        #expect(try !terminal.capture().contains("(y/n)"))
        try terminal.send("q", "q")
        #expect(try terminal.waitFor { $0.contains("EXITED 0") })
    }

    /// The terminal closing while vim has it: vim gets the hangup, and the editor, in the background meanwhile, sees
    /// its terminal gone and ends instead of polling it for ever.
    @Test func closingTheTerminalWhileVimHasItEndsTheEditorToo() throws {
        let cli = try PrefsCLI()
        let terminal = try Self.editInVim(cli, editor: "vim")
        guard let shell = try terminal.panePID() else { return #expect(Bool(false), "no pane") }
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let editor = try #require(children.split(separator: " ").compactMap { Int32($0) }.first)
        terminal.close()
        #expect(eventually(timeout: .seconds(15)) { kill(editor, 0) != 0 }, "the editor outlived its terminal")
        #expect(try cli.run("read", "notes", "greeting").output == "hello\n")
    }

    /// A megabyte pasted into the edit line, through tmux and a real pseudo-terminal, is taken whole; the terminal
    /// closing then ends the editor at once (it ran on for minutes, at full CPU, under a paste).
    @Test func aPastedMegabyteIsTakenAndAClosedTerminalEndsTheEditor() throws {
        let cli = try PrefsCLI()
        try cli.run("write", "notes", "greeting", "hello")
        let prefs = try ChildProcess.executable(named: "prefs").path
        let environment = cli.environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        let terminal = try TmuxSession(
            "env \(environment) LANG=C.UTF-8 \(prefs) tui notes; echo EXITED $?; sleep 30", width: 100, height: 24)
        defer { terminal.close() }
        #expect(try terminal.waitFor { $0.contains("greeting") && $0.contains("hello") })
        try terminal.send("Enter", "C-u")
        #expect(try terminal.waitFor { $0.contains("enter save") })
        let paste = cli.home.url.appendingPathComponent("paste.txt")
        try Data((String(repeating: "x", count: 1 << 20) + "END").utf8).write(to: paste)
        _ = try TmuxSession.tmux(["-L", terminal.socket, "load-buffer", "-b", "big", paste.path])
        _ = try TmuxSession.tmux(["-L", terminal.socket, "paste-buffer", "-b", "big"])
        let taken = try terminal.waitFor(timeout: .seconds(120)) { $0.contains("xxxEND") }
        let screen = try terminal.capture()
        #expect(taken, "\(screen)")
        guard let shell = try terminal.panePID() else { return #expect(Bool(false), "no pane") }
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let editor = try #require(children.split(separator: " ").compactMap { Int32($0) }.first)
        terminal.close()
        #expect(eventually(timeout: .seconds(15)) { kill(editor, 0) != 0 }, "the editor outlived its terminal")
        #expect(try cli.run("read", "notes", "greeting").output == "hello\n", "nothing was written")
    }

    @Test func ctrlCInVimGoesToVimNotToTheEditor() throws {
        let cli = try PrefsCLI()
        let terminal = try Self.editInVim(cli, editor: "vim")
        defer { terminal.close() }
        try terminal.send("C-c")
        // Vim answers Ctrl-C with this line, and drops what was typed ahead of it: the next keys wait for it.
        #expect(try terminal.waitFor { $0.contains("to exit Vim") })
        try terminal.send(":", "q", "!", "Enter")
        #expect(
            try terminal.waitFor { $0.contains("greeting") && $0.contains("hello") && !$0.contains("greeting.txt") })
        #expect(try !terminal.capture().contains("EXITED"), "Ctrl-C reached the editor")
        #expect(try cli.run("read", "notes", "greeting").output == "hello\n")
    }
}
