import PrefsTUI
import Testing

/// The cell grid keeps wide characters whole: two cells each, never split at the edge or by text drawn over them.
@Suite struct CellGridTests {
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
}
