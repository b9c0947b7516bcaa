/// One column of one row of the screen.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn here: a single printable character, or empty for the right half of a wide character.
    public var text: String
    public var style: TextStyle

    /// Creates a cell.
    public init(_ text: String = " ", style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }

    /// A blank cell.
    public static let blank = Cell()

    /// Whether this cell is the right half of the wide character to its left.
    public var isContinuation: Bool { text.isEmpty }
}
