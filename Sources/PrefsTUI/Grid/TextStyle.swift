/// How a cell is drawn: colours and attributes, which a backend maps to what the terminal can show.
public struct TextStyle: Hashable, Sendable {
    /// The eight basic terminal colours, plus the terminal's own default.
    public enum Color: Int, Hashable, Sendable, CaseIterable {
        case black, red, green, yellow, blue, magenta, cyan, white
    }

    /// The text colour, or `nil` for the terminal's default.
    public var foreground: Color?
    /// The background colour, or `nil` for the terminal's default.
    public var background: Color?
    public var bold = false
    public var dim = false
    public var reverse = false
    public var underline = false

    /// Creates a style.
    public init(
        foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
        reverse: Bool = false, underline: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    /// The terminal's default look.
    public static let plain = TextStyle()

    /// The style without colours, for `NO_COLOR` and terminals without colour: attributes stay.
    public var withoutColor: TextStyle {
        var copy = self
        copy.foreground = nil
        copy.background = nil
        return copy
    }
}
