/// Makes untrusted text safe to show on one line of a terminal.
///
/// Stored values come from other processes and hand edits, so they may hold escape sequences that would take over a
/// terminal. Everything PrefsKit puts in an error message passes through here.
public enum TextEscaping {
    /// Escapes control characters so that the result holds none: `\n`, `\t`, `\r`, `\e`, `\\` and `\u{XX}`.
    ///
    /// Invisible and direction-changing characters (``isInvisible(_:)``: zero-width spaces and joiners, the
    /// right-to-left override, a byte order mark) are escaped as `\u{XX}` too, so that two keys that differ only by
    /// them never look alike and a value cannot reverse the text after it. The joiners inside an emoji sequence (👩‍💻,
    /// a subdivision flag) are kept. Other printable Unicode, including wide characters, is kept as it is.
    ///
    /// - Parameters:
    ///   - text: The text to escape.
    ///   - escapingBackslashes: Whether to double backslashes, which keeps the escaping reversible; text that is
    ///     already escaped, such as JSON, passes `false` so that its escapes are not doubled.
    /// - Returns: Text without any C0, C1 or DEL control character.
    public static func escaped(_ text: String, escapingBackslashes: Bool = true) -> String {
        // Most text needs nothing; the editor escapes every value of a suite to search it.
        guard needsEscaping(text, escapingBackslashes: escapingBackslashes) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\u{1B}": result += "\\e"
            case "\\" where escapingBackslashes: result += "\\\\"
            case _ where isControl(scalar) || (isInvisible(scalar) && !joinsEmoji(scalars, at: index)):
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Escapes every control character but line feeds and tabs, as ``escaped(_:escapingBackslashes:)`` does, leaving
    /// backslashes as they are: a multi-line value stays usable in a pipe, and an escape sequence planted in it (an
    /// OSC 8 link, a title change) cannot reach whatever terminal the pipe ends at.
    ///
    /// - Parameter text: The text to escape.
    /// - Returns: Text whose only control characters are line feeds and tabs.
    public static func escapedKeepingLines(_ text: String) -> String {
        guard needsEscaping(text, escapingBackslashes: false) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.offset > 0 { result += "\n" }
            for cell in line.element.split(separator: "\t", omittingEmptySubsequences: false).enumerated() {
                if cell.offset > 0 { result += "\t" }
                result += escaped(String(cell.element), escapingBackslashes: false)
            }
        }
        return result
    }

    /// Whether text may hold something ``escaped(_:escapingBackslashes:)`` would change: a C0 control or DEL, a C1
    /// control (`C2 80`–`C2 9F`), a backslash when those are doubled, or an invisible scalar.
    private static func needsEscaping(_ text: String, escapingBackslashes: Bool) -> Bool {
        var previous: UInt8 = 0
        var isASCII = true
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || (byte == 0x5C && escapingBackslashes)
                || (previous == 0xC2 && (0x80...0x9F).contains(byte))
            {
                return true
            }
            if byte >= 0x80 { isASCII = false }
            previous = byte
        }
        // Invisible characters are never ASCII; only text that holds some other script needs the scalar scan.
        return !isASCII && text.unicodeScalars.contains(where: isInvisible)
    }

    /// Escapes `text`, shortens it to `limit` characters with an ellipsis, and puts it in double quotes.
    ///
    /// - Parameters:
    ///   - text: The text to quote.
    ///   - limit: The most characters kept before the ellipsis.
    /// - Returns: The quoted text.
    public static func quoted(_ text: String, limit: Int = .max) -> String {
        let escaped = escaped(text)
        guard escaped.count > limit else { return "\"\(escaped)\"" }
        return "\"\(escaped.prefix(limit))…\""
    }

    /// Whether a scalar is a C0 or C1 control character, or DEL.
    ///
    /// - Parameter scalar: The scalar to test.
    /// - Returns: `true` for a control character.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Whether a scalar is drawn as nothing, or changes how the text around it is drawn: a format character
    /// (zero-width space, joiners, bidirectional overrides and isolates, the byte order mark, a soft hyphen, tags), a
    /// line or paragraph separator, or a Hangul filler, which shows as a blank.
    ///
    /// - Parameter scalar: The scalar to test.
    /// - Returns: `true` for a scalar that ``escaped(_:escapingBackslashes:)`` escapes outside emoji sequences.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return [0x115F, 0x1160, 0x3164, 0xFFA0].contains(scalar.value)
        }
    }

    /// Whether the invisible scalar at `index` belongs to an emoji sequence: a zero-width joiner between two emoji
    /// (👩‍💻, 🏳️‍🌈), or a tag of a subdivision flag (🏴 followed by tags).
    private static func joinsEmoji(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let scalar = scalars[index]
        if scalar == "\u{200D}" {
            guard index > 0, index + 1 < scalars.count else { return false }
            return isEmojiPart(scalars[index - 1]) && isPictographic(scalars[index + 1])
        }
        guard (0xE0020...0xE007F).contains(scalar.value) else { return false }
        let start = scalars[..<index].lastIndex { !(0xE0020...0xE007F).contains($0.value) }
        return start.map { scalars[$0] == "\u{1F3F4}" } ?? false
    }

    /// An emoji, or what may end one before a joiner: a variation selector or a skin tone.
    private static func isEmojiPart(_ scalar: Unicode.Scalar) -> Bool {
        isPictographic(scalar) || scalar == "\u{FE0F}" || scalar.properties.isEmojiModifier
    }

    /// An emoji other than the ASCII digits, `#` and `*`, which Unicode also counts as emoji for keycaps.
    private static func isPictographic(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x80 && scalar.properties.isEmoji
    }
}
