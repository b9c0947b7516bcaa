import ArgumentParser
import PrefsTestHelpers
import Testing

@testable import PrefsCommandLine

/// `prefs tui` offers what the editor does and nothing else.
@Suite(.threadOfItsOwn) struct TuiCommandTests {
    @Test func theEditorsHelpOffersNoJSONAndRefusesIt() throws {
        let help = Prefs.helpMessage(for: Tui.self, columns: 200)
        #expect(help.contains("--store") && help.contains("--config-dir") && help.contains("--read-only"))
        #expect(!help.contains("--json"))
        #expect(throws: (any Error).self) { try Prefs.parseAsRoot(["tui", "--json"]) }
        #expect(throws: (any Error).self) { try Prefs.parseAsRoot(["--json", "tui"]) }
        #expect(try Prefs.parseAsRoot(["suites", "--json"]) is Suites, "the listing commands keep it")
    }
}

/// Every `prefs tui …` the editor's article shows is a command line `prefs` takes (running it needs a terminal; the
/// tmux tests do that).
@Suite(.threadOfItsOwn) struct EditorArticleCommandLineTests {
    @Test func everyEditorCommandLineInTheArticleParses() throws {
        let article = try ProjectFile.text("Sources/PrefsTUI/PrefsTUI.docc/TheEditor.md")
        let lines = try Regex(#"`prefs tui[^`]*`"#)
        let shown = article.matches(of: lines).map { String(article[$0.range].dropFirst(7).dropLast()) }
        #expect(shown.contains("tui --utc"))
        for line in shown {
            let words = line.split(separator: " ").map(String.init)
            #expect(throws: Never.self, "\(line)") { _ = try Prefs.parseAsRoot(words) }
        }
    }
}
