/// Section and key names as QSettings writes them in an INI file and reads them back (`iniEscapedKey`,
/// `iniUnescapedKey` in `qsettings.cpp`): letters, digits, `_`, `-` and `.` as they are, `/` as `\`, any other UTF-16
/// unit up to `FF` as `%XX` and above as `%UXXXX`.
///
/// Written by hand: no library speaks QSettings' INI dialect, and prefs must read it as Qt does and write it in Qt's
/// own spelling.
enum QSettingsKeyName {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// A name as QSettings writes it.
    ///
    /// - Parameter name: The name (`key with#hash`, `sub/deep`).
    /// - Returns: Its INI spelling (`key%20with%23hash`, `sub\deep`), ASCII only.
    static func escaped(_ name: String) -> String {
        var result: [UInt8] = []
        for unit in name.utf16 {
            switch unit {
            case UInt16(ascii: "/"): result.append(UInt8(ascii: "\\"))
            case UInt16(ascii: "a")...UInt16(ascii: "z"), UInt16(ascii: "A")...UInt16(ascii: "Z"),
                UInt16(ascii: "0")...UInt16(ascii: "9"), UInt16(ascii: "_"), UInt16(ascii: "-"), UInt16(ascii: "."):
                result.append(UInt8(unit))
            case 0...0xFF:
                result += [UInt8(ascii: "%"), hexDigits[Int(unit / 16)], hexDigits[Int(unit % 16)]]
            default:
                result += [UInt8(ascii: "%"), UInt8(ascii: "U")]
                for shift in stride(from: 12, through: 0, by: -4) {
                    result.append(hexDigits[Int((unit >> shift) & 0xF)])
                }
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// A name as QSettings reads it from a file's bytes: `\` is `/`; `%XX` and `%UXXXX` are the unit they spell, a `%`
    /// not followed by enough hexadecimal digits itself; any other byte the Latin-1 character of its value, as Qt 5
    /// reads it.
    ///
    /// - Parameter bytes: The name's bytes in the file.
    /// - Returns: The name.
    static func unescaped(_ bytes: ArraySlice<UInt8>) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                units.append(UInt16(ascii: "/"))
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "%"), index + 1 < bytes.endIndex else {
                units.append(UInt16(byte))
                index += 1
                continue
            }
            var first = index + 1
            var digits = 2
            if bytes[first] == UInt8(ascii: "U") {
                first += 1
                digits = 4
            }
            guard first + digits <= bytes.endIndex, let unit = hexValue(bytes[first..<(first + digits)]) else {
                units.append(UInt16(ascii: "%"))
                index += 1
                continue
            }
            units.append(unit)
            index = first + digits
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// The value of hexadecimal digits, as `QByteArray::toInt(&ok, 16)` takes them.
    ///
    /// Spaces around, a sign and `0x` are allowed; `nil` when anything else is there. The unit is the value's low 16
    /// bits, as `QChar(int)` keeps them.
    private static func hexValue(_ digits: ArraySlice<UInt8>) -> UInt16? {
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        var text = digits.drop(while: isSpace)
        while let last = text.last, isSpace(last) { text = text.dropLast() }
        var negative = false
        if let sign = text.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            negative = sign == UInt8(ascii: "-")
            text = text.dropFirst()
        }
        if text.count > 2, text.first == UInt8(ascii: "0"),
            text.dropFirst().first.map({ $0 | 0x20 }) == UInt8(ascii: "x")
        {
            text = text.dropFirst(2)
        }
        guard !text.isEmpty else { return nil }
        var value = 0
        for digit in text {
            guard let nibble = nibble(digit) else { return nil }
            value = value << 4 | Int(nibble)
        }
        return UInt16(truncatingIfNeeded: negative ? -value : value)
    }

    /// One hexadecimal digit's value.
    static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension UInt16 {
    /// The UTF-16 unit of an ASCII character, as `UInt8(ascii:)` gives its byte.
    init(ascii scalar: Unicode.Scalar) {
        self = UInt16(scalar.value)
    }
}
