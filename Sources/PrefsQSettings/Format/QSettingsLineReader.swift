/// `QConfFileSettingsPrivate::readIniLine`: the file's entries one at a time, each from its first byte that is not a
/// space to its end — a line end outside quotes, or a `;` outside quotes that does not start it — comments skipped.
struct QSettingsLineReader {
    /// One entry or section header.
    struct Line {
        /// Its bytes, its line's end left out.
        let range: Range<Int>
        /// Its first `=` outside quotes.
        let equals: Int?
        /// Whether a quote it opened was still open at the end of the file.
        let openQuote: Bool
    }

    let bytes: [UInt8]
    private(set) var position: Int

    init(bytes: [UInt8], position: Int) {
        self.bytes = bytes
        self.position = position
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x20
    }

    /// The next entry, or `nil` at the end.
    mutating func next() -> Line? {
        var lineStart = position
        while lineStart < bytes.count, Self.isSpace(bytes[lineStart]) { lineStart += 1 }
        var index = lineStart
        var inQuotes = false
        var equals: Int?
        scan: while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "="):
                if !inQuotes, equals == nil { equals = index - 1 }
            case 0x0A, 0x0D:
                if index == lineStart + 1 {
                    lineStart += 1
                } else if !inQuotes {
                    index -= 1
                    break scan
                }
            case UInt8(ascii: "\\"):
                if index < bytes.count {
                    let escaped = bytes[index]
                    index += 1
                    if index < bytes.count {
                        let next = bytes[index]
                        if (escaped == 0x0A && next == 0x0D) || (escaped == 0x0D && next == 0x0A) { index += 1 }
                    }
                }
            case UInt8(ascii: "\""):
                inQuotes.toggle()
            case UInt8(ascii: ";"):
                if index == lineStart + 1 {
                    // A comment: skipped to its line's end, and the entry starts after it.
                    while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                    lineStart = index
                } else if !inQuotes {
                    index -= 1
                    break scan
                }
            default:
                break
            }
        }
        position = index
        guard index > lineStart else { return nil }
        return Line(range: lineStart..<index, equals: equals, openQuote: inQuotes)
    }

    /// Where the line an entry ends on ends, its line end included: where the next line starts.
    func endOfLine(after end: Int) -> Int {
        var index = end
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        if index < bytes.count, bytes[index] == 0x0D { index += 1 }
        if index < bytes.count, bytes[index] == 0x0A { index += 1 }
        return index
    }
}
