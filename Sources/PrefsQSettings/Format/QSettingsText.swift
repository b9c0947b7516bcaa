/// Values' text as QSettings writes it in an INI file and reads it back (`iniEscapedString`, `iniEscapedStringList`,
/// `iniUnescapedStringList` in `qsettings.cpp`), on UTF-16 units as Qt's `QString` holds them.
///
/// Written by hand, as ``QSettingsKeyName`` is. Text is written as Qt 5 writes it with no codec set: anything past
/// ASCII as `\xNNNN`, which Qt 5 and Qt 6 both read back exactly; raw bytes past ASCII are read as UTF-8 when they are
/// (as Qt 6, and Qt 5 apps that set a UTF-8 codec, write them), else as Latin-1, as Qt 5 reads them — decided for each
/// run of text, so that an edit elsewhere in the file never changes how a value reads.
enum QSettingsText {
    /// How the raw bytes past ASCII in a file's values are read.
    enum Encoding: Sendable {
        /// UTF-8, as a file that starts with a byte-order mark is read by Qt 5 and 6.
        case utf8
        /// Latin-1, Qt 5's reading without a codec.
        case latin1
        /// Each run of text UTF-8 when it is valid UTF-8, else Latin-1.
        case automatic
    }

    /// A string as QSettings writes it: escaped, and quoted when it holds `;`, `,` or `=` or starts or ends with a
    /// space.
    static func escaped(_ text: String) -> String {
        var result = ""
        var needsQuotes = false
        var escapeNextIfDigit = false
        for unit in text.utf16 {
            if unit == UInt16(ascii: ";") || unit == UInt16(ascii: ",") || unit == UInt16(ascii: "=") {
                needsQuotes = true
            }
            if escapeNextIfDigit, isHexDigit(unit) {
                result += "\\x" + String(unit, radix: 16)
                continue
            }
            escapeNextIfDigit = false
            switch unit {
            case 0:
                result += "\\0"
                escapeNextIfDigit = true
            case 0x07: result += "\\a"
            case 0x08: result += "\\b"
            case 0x0C: result += "\\f"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x0B: result += "\\v"
            case UInt16(ascii: "\""), UInt16(ascii: "\\"):
                result += "\\" + String(UnicodeScalar(UInt8(unit)))
            case 0...0x1F, 0x7F...:
                result += "\\x" + String(unit, radix: 16)
                escapeNextIfDigit = true
            default: result.unicodeScalars.append(UnicodeScalar(UInt8(unit)))
            }
        }
        if needsQuotes || result.first == " " || result.last == " " { result = "\"" + result + "\"" }
        return result
    }

    /// A string list as QSettings writes it: its items escaped and joined by `, `; `@Invalid()` when empty.
    static func escaped(list: [String]) -> String {
        list.isEmpty ? "@Invalid()" : list.map(escaped).joined(separator: ", ")
    }

    /// A value's text as QSettings reads it: escapes decoded, quotes removed, unquoted trailing spaces dropped, and,
    /// when an unquoted `,` appears, a list.
    ///
    /// - Parameters:
    ///   - bytes: The value's bytes, from after the `=` to the entry's end.
    ///   - encoding: How raw bytes past ASCII are read.
    /// - Returns: The string, or the list's items.
    static func unescaped(_ bytes: ArraySlice<UInt8>, encoding: Encoding) -> (string: String, list: [String]?) {
        var reader = Unescaper(bytes: bytes, encoding: encoding)
        return reader.read()
    }

    static func isHexDigit(_ unit: UInt16) -> Bool {
        unit < 0x80 && QSettingsKeyName.nibble(UInt8(unit)) != nil
    }
}
