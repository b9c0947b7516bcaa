/// How many terminal columns text takes, without depending on the process's locale.
///
/// East Asian wide and fullwidth characters and emoji take two columns, combining marks none, everything else one;
/// a grapheme of several emoji takes the columns of its ``cells(of:)``.
/// The ranges follow Unicode's East Asian Width property (W and F) for the blocks terminals draw wide.
public enum DisplayWidth {
    /// The columns one character takes, as the terminal draws its ``cells(of:)``.
    public static func of(_ character: Character) -> Int {
        // Every scalar's width, as the cells it is drawn in add up; only a split one shows its joiners as text, and
        // only it pays for making its pieces (this runs for every character of every frame).
        guard isSplit(character) else { return character.unicodeScalars.reduce(0) { $0 + of($1) } }
        return cells(of: character).reduce(0) { total, piece in piece.unicodeScalars.reduce(total) { $0 + of($1) } }
    }

    /// Whether a character is drawn in several cells (``cells(of:)``): a scalar after its first takes columns, or
    /// joins.
    public static func isSplit(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        return scalars.count > 1 && scalars.dropFirst().contains { of($0) > 0 || $0 == "\u{200D}" }
    }

    /// The columns a string takes.
    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns one scalar takes as `wcwidth` counts it, and so as ncurses and tmux do: 0, 1 or 2.
    ///
    /// Not the grapheme's width that some terminals draw (a ZWJ sequence as one emoji, a flag as one wide cell):
    /// terminals disagree there, and a width the terminal does not share shifts everything after it on the line.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        if isZeroWidth(scalar) { return 0 }
        // Regional indicators, the halves of a flag, are narrow to wcwidth although Unicode presents them as emoji.
        if (0x1F1E6...0x1F1FF).contains(scalar.value) { return 1 }
        return scalar.properties.isEmojiPresentation || isWide(scalar) ? 2 : 1
    }

    /// The cells a character is drawn in: itself when it has one scalar that takes columns and the rest are marks,
    /// else one piece per such scalar with its marks.
    ///
    /// ncurses holds one spacing character per cell (`setcchar`), so a ZWJ sequence (👩‍💻), a flag or a skin tone is
    /// split into its emoji, each drawn whole, and a joiner between them is shown as `\u{200D}`: a terminal that would
    /// join them (to one cell or to several, which differs between terminals) never sees it, so the line's layout is
    /// the same on every terminal and the grapheme is still told apart from its parts.
    public static func cells(of character: Character) -> [String] {
        guard isSplit(character) else { return [String(character)] }
        var pieces: [String] = []
        for scalar in character.unicodeScalars {
            if scalar == "\u{200D}" {
                pieces += "\\u{200D}".map(String.init)
            } else if of(scalar) > 0 || pieces.isEmpty {
                pieces.append(String(scalar))
            } else {
                pieces[pieces.count - 1].unicodeScalars.append(scalar)
            }
        }
        return pieces
    }

    /// The longest prefix of `text` that fits in `columns`, with an ellipsis when it was cut.
    ///
    /// A grapheme drawn in several cells (``cells(of:)``) is kept whole or left out, never cut.
    public static func truncated(_ text: String, toFit columns: Int) -> String {
        guard columns > 0 else { return "" }
        guard of(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let width = of(character)
            if used + width > columns - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return scalar.value == 0x200B
        }
    }

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
