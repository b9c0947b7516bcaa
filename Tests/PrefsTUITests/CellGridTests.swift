import PrefsTUI
import PrefsTestHelpers
import Testing

/// The cell grid keeps wide characters whole: two cells each, never split at the edge or by text drawn over them.
@Suite(.threadOfItsOwn) struct CellGridTests {
    @Test func aWideCharacterTakesTwoCellsAndIsNeverSplitAtTheEdge() {
        var grid = CellGrid(width: 4, height: 1)
        let end = grid.draw("a漢字", x: 0, y: 0)
        #expect(end == 3, "only 漢 fits after a: 字 would cross the edge")
        #expect(grid[1, 0].text == "漢")
        #expect(grid[2, 0].isContinuation)
        #expect(grid.text == "a漢")
    }

    @Test(arguments: [(2, "漢| テ"), (3, "漢 |テ"), (1, " ?| テ")])
    func drawingOverHalfAWideCharacterBlanksTheOtherHalf(column: Int, expected: String) {
        var grid = CellGrid(width: 8, height: 1)
        grid.draw("漢字テ", x: 0, y: 0)
        grid.draw(column == 1 ? "?|" : "|", x: column, y: 0)
        #expect(grid.text == expected)
        for x in 0..<grid.width where grid[x, 0].isContinuation {
            #expect(x > 0 && DisplayWidth.of(grid[x - 1, 0].text) == 2, "column \(x) continues a wide character")
        }
    }

    /// A grapheme of several emoji is drawn as its emoji, each in its own cells, with its joiners shown: the columns
    /// it takes are the ones ncurses and every terminal count, so nothing after it on the line moves.
    @Test func emojiSequencesAreDrawnAsTheirEmojiWithVisibleJoinersAndNeverCut() {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let joiner: [String] = "\\u{200D}".map(String.init)
        let expected: [String] = ["👨"] + joiner + ["👩"] + joiner + ["👧"]
        #expect(DisplayWidth.cells(of: Character(family)) == expected)
        #expect(DisplayWidth.of(family) == 22)
        var grid = CellGrid(width: 30, height: 1)
        #expect(grid.draw(family + "|", x: 0, y: 0) == 23)
        #expect(grid[22, 0].text == "|")
        // A flag is its two regional indicators, one column each as wcwidth says; a skin tone is its own emoji.
        #expect(DisplayWidth.of("\u{1F1EB}\u{1F1F7}|") == 3)
        #expect(DisplayWidth.cells(of: Character("\u{1F44D}\u{1F3FD}")) == ["\u{1F44D}", "\u{1F3FD}"])
        // Combining marks stay with their letter; a text symbol made emoji by VS16 keeps its own width.
        #expect(DisplayWidth.cells(of: Character("e\u{301}")) == ["e\u{301}"])
        #expect(DisplayWidth.of("\u{2764}\u{FE0F}") == 1)
        // Too little room for the whole sequence: none of it is drawn, and the ellipsis never cuts it either.
        var narrow = CellGrid(width: 10, height: 1)
        #expect(narrow.draw("a" + family, x: 0, y: 0) == 1)
        #expect(narrow.text == "a")
        #expect(DisplayWidth.truncated("a" + family + "b", toFit: 10) == "a…")
    }
}
