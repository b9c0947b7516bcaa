extension QSettingsText {
    /// `iniUnescapedStringList`'s state machine: the value's bytes read once, into UTF-16 units.
    struct Unescaper {
        let bytes: ArraySlice<UInt8>
        let encoding: Encoding
        private var index: Int
        private var current: [UInt16] = []
        private var list: [[UInt16]]?
        private var inQuotes = false
        private var currentIsQuoted = false
        /// Where trailing spaces may be cut back to: the end of the last escape or quoted part.
        private var chopLimit = 0
        /// Whether the value ended inside an escape, where Qt stops without cutting trailing spaces.
        private var endedInEscape = false

        init(bytes: ArraySlice<UInt8>, encoding: Encoding) {
            self.bytes = bytes
            self.encoding = encoding
            index = bytes.startIndex
        }

        mutating func read() -> (string: String, list: [String]?) {
            skipSpaces()
            while index < bytes.endIndex {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\\"): escape()
                case UInt8(ascii: "\""):
                    index += 1
                    currentIsQuoted = true
                    inQuotes.toggle()
                    if !inQuotes { skipSpaces() }
                case UInt8(ascii: ",") where !inQuotes:
                    if !currentIsQuoted { chopTrailingSpaces() }
                    list = (list ?? []) + [current]
                    current = []
                    currentIsQuoted = false
                    index += 1
                    skipSpaces()
                default: plainRun()
                }
            }
            if !currentIsQuoted, !endedInEscape { chopTrailingSpaces() }
            guard let list else { return (String(decoding: current, as: UTF16.self), nil) }
            let items = (list + [current]).map { String(decoding: $0, as: UTF16.self) }
            return (items.joined(separator: ","), items)
        }

        private mutating func skipSpaces() {
            while index < bytes.endIndex, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            chopLimit = current.count
        }

        /// A run of bytes up to the next `\`, `"` or `,`, read as the file's text.
        private mutating func plainRun() {
            var end = index + 1
            while end < bytes.endIndex,
                ![UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: ",")].contains(bytes[end])
            {
                end += 1
            }
            let run = bytes[index..<end]
            switch encoding {
            case .latin1: current += run.map(UInt16.init)
            case .utf8: current += String(decoding: run, as: UTF8.self).utf16
            case .automatic:
                if let text = String(validating: run, as: UTF8.self) {
                    current += text.utf16
                } else {
                    current += run.map(UInt16.init)
                }
            }
            index = end
        }

        private mutating func escape() {
            index += 1
            guard index < bytes.endIndex else {
                endedInEscape = true
                return
            }
            let code = bytes[index]
            index += 1
            let simple: [UInt8: UInt16] = [
                UInt8(ascii: "a"): 0x07, UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
                UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09, UInt8(ascii: "v"): 0x0B, UInt8(ascii: "\""): 0x22,
                UInt8(ascii: "?"): 0x3F, UInt8(ascii: "'"): 0x27, UInt8(ascii: "\\"): 0x5C,
            ]
            if let unit = simple[code] {
                current.append(unit)
                chopLimit = current.count
                return
            }
            if code == UInt8(ascii: "x") {
                guard index < bytes.endIndex else {
                    endedInEscape = true
                    return
                }
                if QSettingsKeyName.nibble(bytes[index]) != nil { number(base: 16, start: 0) }
            } else if (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(code) {
                number(base: 8, start: Int(code - UInt8(ascii: "0")))
            } else if code == 0x0A || code == 0x0D {
                // A line continued: \n, \r, \r\n and \n\r each end a line.
                if index < bytes.endIndex, bytes[index] == 0x0A || bytes[index] == 0x0D, bytes[index] != code {
                    index += 1
                }
            }
            chopLimit = current.count
        }

        /// A `\x` or octal escape: as many digits as follow, the unit their value's low 16 bits.
        private mutating func number(base: Int, start: Int) {
            var value = start
            while index < bytes.endIndex, let digit = QSettingsKeyName.nibble(bytes[index]), Int(digit) < base {
                value = (value &* base) &+ Int(digit)
                index += 1
            }
            current.append(UInt16(truncatingIfNeeded: value))
            if index == bytes.endIndex { endedInEscape = true }
        }

        private mutating func chopTrailingSpaces() {
            while current.count > chopLimit, let last = current.last, last == 0x20 || last == 0x09 {
                current.removeLast()
            }
        }
    }
}
