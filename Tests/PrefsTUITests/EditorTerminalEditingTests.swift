import Foundation
import PrefsTestHelpers
import Testing

/// Editing in a real terminal: a line longer than the screen, `$EDITOR`, and a hostile key in the title.
@Suite(.serialized) struct EditorTerminalEditingTests {
    @Test func aThreeHundredCharacterValueScrollsAndWhatIsTypedIsShownAndWritten() throws {
        let cli = try PrefsCLI()
        let value = String(repeating: "abcdefghij", count: 30)
        try cli.run("write", "S", "long", value)
        let terminal = try TmuxSession(running: "prefs", "tui S", in: cli)
        defer { terminal.close() }
        #expect(try terminal.waitFor { $0.contains("suites › S") && $0.contains("long") })
        try terminal.send("Enter")
        #expect(try terminal.waitFor { $0.contains("long: ") })
        try terminal.send("End", "X", "Y", "Z")
        #expect(try terminal.waitFor { screen in screen.split(separator: "\n").contains { $0.contains("hijXYZ") } })
        let line = try #require(try terminal.capture().split(separator: "\n").first { $0.contains("long: …") })
        #expect(line.hasSuffix("hijXYZ"), "\(line)")
        try terminal.send("Enter")
        #expect(try terminal.waitFor { $0.contains("long = ") })
        #expect(try cli.run("read", "S", "long").output == value + "XYZ\n")
    }

    @Test func eEditsTheValueInTheUsersEditorAndTheTerminalComesBack() throws {
        let cli = try PrefsCLI()
        try cli.run("write", "S", "list", #"["a","b"]"#, "--type", "json")
        let script = cli.home.url.appendingPathComponent("editor.sh")
        let received = cli.home.url.appendingPathComponent("received.json")
        try Data(
            """
            #!/bin/sh
            cp "$1" '\(received.path)'
            printf '["a", "b", "c"]\\n' > "$1"
            """.utf8
        ).write(to: script)
        #expect(chmod(script.path, 0o755) == 0)
        let terminal = try TmuxSession(running: "prefs", "tui S", in: cli, extra: ["VISUAL": script.path])
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

    @Test func readOnlyOffersNoEditingAndCreatesNothing() throws {
        let cli = try PrefsCLI()
        let missing = cli.home.url.appendingPathComponent("absent")
        let terminal = try TmuxSession(running: "prefs", "tui --read-only --config-dir '\(missing.path)'", in: cli)
        defer { terminal.close() }
        #expect(try terminal.waitFor { $0.contains("EXITED 1") })
        #expect(try terminal.capture().contains("--read-only creates nothing"))
        #expect(!FileManager.default.fileExists(atPath: missing.path))

        try cli.run("write", "S", "k", "1", "-t", "int")
        let browsing = try TmuxSession(running: "prefs", "tui --read-only S", in: cli)
        defer { browsing.close() }
        #expect(try browsing.waitFor { $0.contains("[read-only]") && $0.contains("k") })
        #expect(try !browsing.capture().contains("enter edit"))
        try browsing.send("R")
        #expect(try browsing.waitFor { $0.contains("read-only: nothing can be changed") })
        #expect(try !browsing.capture().contains("Reset all"))
        try browsing.send("+", "Enter")
        #expect(try cli.run("read", "S", "k").output == "1\n")
    }
}
