/// KConfig's escapes, as `src/core/kconfigini.cpp` reads and writes them (`printableToString`, `stringToPrintable`).
///
/// Hand-written: no library reads KConfig's format outside KDE's own C++, and `prefs` links no Qt.
enum KConfigEscaping {
    /// What a piece of text is, for writing: each escapes a different set of characters.
    enum Kind {
        /// A key: `=`, `[` and `]` as `\xNN`, spaces at either end as `\s`, and a leading `#`, which KConfig writes as
        /// it is and then reads as a comment, as `\x23`.
        case key
        /// One part of a group's name: `[` and `]` as `\xNN`; spaces are kept.
        case group
        /// A value: `[`, `]` and `=` as they are, spaces at either end as `\s`, DEL as `\x7f`.
        case value
    }

    /// Text with KConfig's escapes undone: `\s \t \n \r \\ \xNN`; `\;` and `\,` are kept, escape and all, as KConfig
    /// keeps them for the lists and desktop files that give them meaning.
    ///
    /// A `\x` not followed by two hexadecimal digits reads as `x`, as KConfig reads it. KConfig gives up on the rest
    /// of a line after an unknown escape (`\q`) and keeps what it had half rewritten; here the backslash and the
    /// character are kept, so that nothing is lost.
    ///
    /// - Parameter bytes: The text as the file holds it, already trimmed.
    /// - Returns: The text.
    static func unescaped(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "\\")) else { return Array(bytes) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                result.append(byte)
                continue
            }
            guard index < bytes.endIndex else {
                result.append(byte)
                break
            }
            let code = bytes[index]
            index += 1
            switch code {
            case UInt8(ascii: "s"): result.append(UInt8(ascii: " "))
            case UInt8(ascii: "t"): result.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "n"): result.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "r"): result.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "\\"): result.append(byte)
            case UInt8(ascii: ";"), UInt8(ascii: ","): result += [byte, code]
            case UInt8(ascii: "x"):
                // KConfig needs a character after the two digits' place to read them (`i + 2 < l`).
                guard bytes.endIndex - index >= 2 else {
                    result.append(code)
                    index = bytes.endIndex
                    break
                }
                if let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) {
                    result.append(high << 4 | low)
                } else {
                    result.append(code)
                }
                index += 2
            default: result += [byte, code]
            }
        }
        return result
    }

    /// Text as KConfig writes it: escapes for what a line cannot hold as it is.
    ///
    /// - Parameters:
    ///   - text: The text; Swift strings are valid UTF-8, so every character beyond ASCII is written as it is.
    ///   - kind: What the text is.
    /// - Returns: The bytes to write.
    static func escaped(_ text: String, as kind: Kind) -> [UInt8] {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 8)
        for (offset, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: " ") where offset == 0 && kind != .group: result += Array(#"\s"#.utf8)
            // KConfig writes a key's leading `#` as it is, and then reads the line as a comment.
            case UInt8(ascii: "#") where offset == 0 && kind == .key: result += hexEscape(byte)
            case UInt8(ascii: "\n"): result += Array(#"\n"#.utf8)
            case UInt8(ascii: "\t"): result += Array(#"\t"#.utf8)
            case UInt8(ascii: "\r"): result += Array(#"\r"#.utf8)
            case UInt8(ascii: "\\"): result += Array(#"\\"#.utf8)
            case UInt8(ascii: "=") where kind == .key: result += hexEscape(byte)
            case UInt8(ascii: "["), UInt8(ascii: "]"): result += kind == .value ? [byte] : hexEscape(byte)
            case 0..<32: result += hexEscape(byte)
            case 127 where kind == .value: result += hexEscape(byte)
            default: result.append(byte)
            }
        }
        if kind != .group, result.last == UInt8(ascii: " ") {
            result.removeLast()
            result += Array(#"\s"#.utf8)
        }
        return result
    }

    /// `\xNN`, lower-case, as KConfig writes it.
    private static func hexEscape(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return [UInt8(ascii: "\\"), UInt8(ascii: "x"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
