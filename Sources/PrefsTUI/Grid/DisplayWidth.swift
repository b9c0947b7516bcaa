/// How many terminal columns text takes, without depending on the process's locale.
///
/// East Asian wide and fullwidth characters and emoji take two columns, combining marks none, everything else one.
/// The ranges follow Unicode's East Asian Width property (W and F) for the blocks terminals draw wide.
public enum DisplayWidth {
    /// The columns one character takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.allSatisfy(isZeroWidth) { return 0 }
        if first.properties.isEmojiPresentation || isWide(first) { return 2 }
        // A text-style symbol made an emoji by VS16 is drawn wide too.
        if character.unicodeScalars.contains("\u{FE0F}") && first.properties.isEmoji { return 2 }
        return 1
    }

    /// The columns a string takes.
    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The longest prefix of `text` that fits in `columns`, with an ellipsis when it was cut.
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
