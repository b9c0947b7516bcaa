/// The screen as rows of cells, which views draw into and a ``TerminalBackend`` shows.
///
/// Text is drawn as graphemes: a wide character takes its cell and an empty continuation cell to its right, and is
/// never split at the right edge. Callers pass only printable text; values from stores go through
/// `TextEscaping.escaped` first, so no control character reaches a cell.
public struct CellGrid: Hashable, Sendable {
    public let width: Int
    public let height: Int
    private var cells: [Cell]

    /// A blank grid.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at a column and row.
    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Draws text from a column of a row, clipped at `limit` columns (the right edge by default).
    ///
    /// - Returns: The column after the last one drawn.
    @discardableResult
    public mutating func draw(_ text: String, x: Int, y: Int, style: TextStyle = .plain, limit: Int? = nil) -> Int {
        guard y >= 0, y < height else { return x }
        let end = min(width, limit.map { x + $0 } ?? width)
        var column = x
        for character in text {
            guard DisplayWidth.isSplit(character) else {
                guard put(String(character), at: &column, y: y, end: end, style: style) else { return column }
                continue
            }
            // A grapheme drawn in several cells is drawn whole or not at all.
            if column + DisplayWidth.of(character) > end { break }
            for piece in DisplayWidth.cells(of: character) {
                guard put(piece, at: &column, y: y, end: end, style: style) else { return column }
            }
        }
        return column
    }

    /// Draws one cell's text at a column and moves the column past it; `false` when it would cross `end`.
    private mutating func put(_ text: String, at column: inout Int, y: Int, end: Int, style: TextStyle) -> Bool {
        let columns = text.unicodeScalars.reduce(0) { $0 + DisplayWidth.of($1) }
        guard columns > 0 else { return true }
        if column + columns > end { return false }
        if column >= 0 {
            splitWideCharacters(around: column..<column + columns, y: y)
            self[column, y] = Cell(text, style: style)
            if columns == 2 { self[column + 1, y] = Cell("", style: style) }
        }
        column += columns
        return true
    }

    /// Blanks the halves of wide characters that drawing over `columns` would cut, so that no half is left to show.
    private mutating func splitWideCharacters(around columns: Range<Int>, y: Int) {
        if columns.lowerBound > 0, self[columns.lowerBound, y].isContinuation {
            self[columns.lowerBound - 1, y].text = " "
        }
        let after = columns.upperBound
        if after < width, self[after, y].isContinuation { self[after, y].text = " " }
    }

    /// Paints a run of cells with a style, keeping their text: a selection bar or a highlight.
    public mutating func paint(x: Int, y: Int, columns: Int, style: TextStyle) {
        guard y >= 0, y < height else { return }
        for column in max(0, x)..<min(width, x + columns) { self[column, y].style = style }
    }

    /// Fills a row from a column to the right edge with blanks in a style.
    public mutating func clear(row y: Int, from x: Int = 0, style: TextStyle = .plain) {
        guard y >= 0, y < height else { return }
        for column in max(0, x)..<width { self[column, y] = Cell(" ", style: style) }
    }

    /// The grid as text, one line per row with trailing blanks removed: what snapshot tests compare.
    public var text: String {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where !self[x, y].isContinuation { line += self[x, y].text }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
