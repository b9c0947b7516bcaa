/// Makes untrusted text safe to show on one line of a terminal.
///
/// Stored values come from other processes and hand edits, so they may hold escape sequences that would take over a
/// terminal. Everything PrefsKit puts in an error message passes through here.
public enum TextEscaping {
    /// Escapes control characters so that the result holds none: `\n`, `\t`, `\r`, `\e`, `\\` and `\u{XX}`.
    ///
    /// Printable Unicode, including wide characters, is kept as it is.
    ///
    /// - Parameters:
    ///   - text: The text to escape.
    ///   - escapingBackslashes: Whether to double backslashes, which keeps the escaping reversible; text that is
    ///     already escaped, such as JSON, passes `false` so that its escapes are not doubled.
    /// - Returns: Text without any C0, C1 or DEL control character.
    public static func escaped(_ text: String, escapingBackslashes: Bool = true) -> String {
        // Most text needs nothing; the editor escapes every value of a suite to search it.
        guard needsEscaping(text.utf8, escapingBackslashes: escapingBackslashes) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\u{1B}": result += "\\e"
            case "\\" where escapingBackslashes: result += "\\\\"
            case _ where isControl(scalar): result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
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
        guard needsEscaping(text.utf8, escapingBackslashes: false) else { return text }
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

    /// Whether UTF-8 text holds a byte ``escaped(_:escapingBackslashes:)`` would change: a C0 control or DEL, a C1
    /// control (`C2 80`–`C2 9F`), or a backslash when those are doubled.
    private static func needsEscaping(_ utf8: String.UTF8View, escapingBackslashes: Bool) -> Bool {
        var previous: UInt8 = 0
        for byte in utf8 {
            if byte < 0x20 || byte == 0x7F || (byte == 0x5C && escapingBackslashes)
                || (previous == 0xC2 && (0x80...0x9F).contains(byte))
            {
                return true
            }
            previous = byte
        }
        return false
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
}
