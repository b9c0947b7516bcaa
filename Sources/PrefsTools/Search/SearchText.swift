import PrefsCore

/// The text a filter searches in each row of a suite's keys beside its name — its value as shown, its summary and
/// its description — lowercased into one buffer, so that a keystroke scans bytes rather than making 100,000 strings.
///
/// Names are not copied: ``SearchPattern`` matches them where the table holds them. A changed row is written again at the end of the buffer and the old bytes left behind
/// until they are half of it, so a live change costs one row, not the suite.
struct SearchText {
    /// A row's fields, before lowercasing.
    struct Fields {
        let value: String?
        let summary: String?
        let description: String?
    }

    /// Which field of a row holds a text.
    enum Field: Int {
        case value, summary, description
    }

    /// The separator after each field; escaped text never holds it.
    static let separator: UInt8 = 0

    private var bytes: [UInt8] = []
    /// Where each row's fields start and end in ``bytes``.
    private var rows: [Range<Int32>] = []
    /// How many bytes of ``bytes`` no row uses any more.
    private var unused = 0

    init(capacity: Int) {
        rows.reserveCapacity(capacity)
        // About what a row of a short value takes; growing by doubling would copy the buffer with both alive.
        bytes.reserveCapacity(capacity * 16)
    }

    mutating func append(_ fields: Fields) {
        rows.append(write(fields))
    }

    mutating func insert(_ fields: Fields, at position: Int) {
        rows.insert(write(fields), at: position)
    }

    mutating func remove(at position: Int) {
        unused += rows.remove(at: position).count
        compactIfWasteful()
    }

    mutating func replace(at position: Int, with fields: Fields) {
        unused += rows[position].count
        rows[position] = write(fields)
        compactIfWasteful()
    }

    /// The first field of a row, from `first` on, that holds a lowercased text whole.
    ///
    /// - Parameters:
    ///   - needle: The text, lowercased, as UTF-8.
    ///   - row: The row's position.
    ///   - first: The first field looked at.
    /// - Returns: The field, or `nil` when none holds it.
    func field(holding needle: [UInt8], row: Int, from first: Field) -> Field? {
        guard let head = needle.first else { return first }
        let range = rows[row]
        return bytes.withUnsafeBufferPointer { all in
            var start = Int(range.lowerBound)
            var field = 0
            while start < Int(range.upperBound) {
                var end = start
                while all[end] != Self.separator { end += 1 }
                if field >= first.rawValue, end - start >= needle.count {
                    var index = start
                    while index + needle.count <= end {
                        if all[index] == head, Self.holds(all, needle, at: index) { return Field(rawValue: field) }
                        index += 1
                    }
                }
                field += 1
                start = end + 1
            }
            return nil
        }
    }

    private static func holds(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt8], at index: Int) -> Bool {
        for offset in needle.indices.dropFirst() where bytes[index + offset] != needle[offset] { return false }
        return true
    }

    /// Writes a row's fields at the end of the buffer.
    private mutating func write(_ fields: Fields) -> Range<Int32> {
        let start = Int32(clamping: bytes.count)
        append(fields.value)
        // Only declared keys have documentation; the others' rows end after their value.
        if fields.summary != nil || fields.description != nil {
            append(fields.summary)
            append(fields.description)
        }
        return start..<Int32(clamping: bytes.count)
    }

    /// Appends a field, escaped and lowercased, and its separator.
    private mutating func append(_ field: String?) {
        if let field {
            if Self.isPlainASCII(field) {
                for byte in field.utf8 { bytes.append(byte &+ ((0x41...0x5A).contains(byte) ? 0x20 : 0)) }
            } else {
                bytes += TextEscaping.escaped(field, escapingBackslashes: false).lowercased().utf8
            }
        }
        bytes.append(Self.separator)
    }

    /// Writes the rows again without the bytes no row uses, once those are half the buffer.
    private mutating func compactIfWasteful() {
        guard unused > 4096, unused * 2 > bytes.count else { return }
        var compacted: [UInt8] = []
        compacted.reserveCapacity(bytes.count - unused)
        for (position, range) in rows.enumerated() {
            let start = Int32(clamping: compacted.count)
            compacted += bytes[Int(range.lowerBound)..<Int(range.upperBound)]
            rows[position] = start..<Int32(clamping: compacted.count)
        }
        bytes = compacted
        unused = 0
    }

    /// Whether text is printable ASCII only, which lowercases byte by byte and needs no escaping.
    static func isPlainASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }
}
