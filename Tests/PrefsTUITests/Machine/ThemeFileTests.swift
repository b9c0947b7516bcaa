import Foundation
import PrefsTUI
import PrefsTestHelpers
import Testing

/// The user's colours: one role a line, bad lines said with the nearest word and left out, the rest applied.
@Suite struct ThemeFileTests {
    @Test func rolesTakeColoursBackgroundsAndAttributesAndBadLinesAreSaid() {
        let file = ThemeFile(
            parsing: """
                # prefs editor colours
                title = black on cyan bold
                string = green   # values of text
                modifed = yellow
                number = gren
                default = dim underline
                """)
        #expect(file.styles[.title] == TextStyle(foreground: .black, background: .cyan, bold: true))
        #expect(file.styles[.string] == TextStyle(foreground: .green))
        #expect(file.styles[.atDefault] == TextStyle(dim: true, underline: true))
        #expect(file.styles[.number] == nil && file.styles[.modified] == nil)
        #expect(
            file.problems == [
                "theme line 4: \"modifed\" is no role; did you mean \"modified\"?",
                "theme line 5: \"gren\" is no colour or attribute; did you mean \"green\"?",
            ])
        // A file longer than a theme is read no further than its first lines.
        let long = ThemeFile(parsing: String(repeating: "nonsense\n", count: 1000))
        #expect(long.problems.count == 200)
    }

    @Test func theEditorDrawsValuesAndStatesInTheThemesColoursAndSaysItsProblems() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "app", "name", "ada")
        try prefs.run("write", "app", "count", "--type", "int", "3")
        let theme = prefs.configDirectory.appendingPathComponent("prefs/theme")
        try FileManager.default.createDirectory(
            at: theme.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("string = green\nnumber = magenta bold\nmodified = cyan\nnumbre = red\n".utf8).write(to: theme)
        let editor = prefs.editor("tui", "app", width: 140, color: true)
        #expect(
            editor.waitFor { $0.contains("theme line 4: \"numbre\" is no role; did you mean \"number\"?") },
            "\(editor.screen)")
        var grid = try #require(editor.terminal.grid)
        // The styles of the cells holding a text on the row of a key.
        let styles = { (key: String, text: String) -> Set<TextStyle> in
            guard
                let y = (0..<grid.height).first(where: { y in
                    (0..<grid.width).map { grid[$0, y].text }.joined().contains(" \(key) ")
                })
            else { return [] }
            return Set((0..<grid.width).filter { grid[$0, y].text == text }.map { grid[$0, y].style })
        }
        #expect(styles("name", "a").contains(TextStyle(foreground: .green)), "a string value is green")
        #expect(styles("name", "w").contains(TextStyle(foreground: .cyan)), "the state (prefs write) is cyan")
        // `count`, selected first, is drawn selected; off it, in its own colours.
        editor.type(.character("j"))
        #expect(editor.waitFor { $0.contains("2/2") })
        grid = try #require(editor.terminal.grid)
        #expect(styles("count", "3").contains(TextStyle(foreground: .magenta, bold: true)), "a number is magenta")
        editor.type("qq")
        #expect(editor.waitUntilEnded()?.status == 0)
    }
}
