import PrefsCore

/// The text a filter searches in each row of a suite's keys beside its name — its value as shown, its summary and
/// its description — in one buffer, so that a keystroke scans bytes rather than making 100,000 strings.
///
/// The value is kept as `prefs read` shows it, for `KEY=VALUE`, which matches it exactly; free text matches it
/// ignoring case, folding ASCII letters as it goes, with a lowercased copy beside it only when the value holds other
/// letters. The summary and description are kept lowercased. Names are not copied: ``SearchPattern`` matches them
/// where the table holds them. A changed row is written again at the end of the buffer and the old bytes left
/// behind until they are half of it, so a live change costs one row, not the suite.
struct SearchText {
    /// A row's fields, as shown.
    struct Fields {
        /// The value as shown; `nil` when there is none, or it is a secret not revealed.
        let value: String?
        let summary: String?
        let description: String?
    }

    /// The separator after each field; escaped text never holds it.
    static let separator: UInt8 = 0
    /// The second field of a row with no value shown (none in force, or a secret), which escaped text never holds:
    /// an empty value is a value.
    static let noValue: UInt8 = 1

    /// Each row's fields, each followed by ``separator``: the value as shown, its lowercased copy (empty when
    /// folding ASCII is enough, ``noValue`` when no value is shown), then, for a declared key, the summary and
    /// description, lowercased.
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

    /// Where free text is found in a row: in its value, else in its documentation.
    enum Found {
        case value, documentation
    }

    /// Where a row holds a lowercased text whole, ignoring case: in its summary or description, which rank first,
    /// else in its value.
    ///
    /// - Parameters:
    ///   - needle: The text, lowercased, as UTF-8.
    ///   - row: The row's position.
    /// - Returns: Where, or `nil` when no field holds it.
    func find(_ needle: [UInt8], row: Int) -> Found? {
        let range = rows[row]
        return bytes.withUnsafeBufferPointer { all in
            var start = Int(range.lowerBound)
            var field = 0
            var inValue = false
            while start < Int(range.upperBound) {
                var end = start
                while all[end] != Self.separator { end += 1 }
                let text = UnsafeBufferPointer(rebasing: all[start..<end])
                // The value's two fields come first; the documentation after them outranks them.
                if !(field == 1 && text.first == Self.noValue), !(field < 2 && inValue),
                    Self.contains(text, needle, foldingASCII: field == 0)
                {
                    if field >= 2 { return .documentation }
                    inValue = true
                }
                field += 1
                start = end + 1
            }
            return inValue ? .value : nil
        }
    }

    /// The value shown at a row, exactly as `prefs read` prints it; `nil` when none is shown.
    func value(row: Int) -> String? {
        shownValue(row: row) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether the value shown at a row matches a glob exactly; never for a row with no value shown.
    func value(row: Int, matches glob: Glob) -> Bool {
        shownValue(row: row) { glob.matches($0) } ?? false
    }

    /// Reads the value shown at a row, in place; `nil` when none is shown.
    private func shownValue<Result>(row: Int, _ read: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let start = Int(rows[row].lowerBound)
        return bytes.withUnsafeBufferPointer { all in
            var end = start
            while all[end] != Self.separator { end += 1 }
            guard all[end + 1] != Self.noValue else { return nil }
            return read(UnsafeBufferPointer(rebasing: all[start..<end]))
        }
    }

    /// Whether a field holds a needle whole, folding the field's ASCII capitals when asked.
    private static func contains(_ field: UnsafeBufferPointer<UInt8>, _ needle: [UInt8], foldingASCII: Bool) -> Bool {
        guard let head = needle.first else { return true }
        guard field.count >= needle.count else { return false }
        func byte(_ index: Int) -> UInt8 {
            let raw = field[index]
            return foldingASCII && (0x41...0x5A).contains(raw) ? raw | 0x20 : raw
        }
        var index = 0
        while index + needle.count <= field.count {
            if byte(index) == head {
                var offset = 1
                while offset < needle.count && byte(index + offset) == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            index += 1
        }
        return false
    }

    /// Writes a row's fields at the end of the buffer.
    private mutating func write(_ fields: Fields) -> Range<Int32> {
        let start = Int32(clamping: bytes.count)
        if let value = fields.value {
            bytes += value.utf8
            bytes.append(Self.separator)
            // Folding ASCII finds every lowercase form of an ASCII value; other letters need their own copy.
            if !value.utf8.allSatisfy({ $0 < 0x80 }) { bytes += value.lowercased().utf8 }
        } else {
            bytes.append(Self.separator)
            bytes.append(Self.noValue)
        }
        bytes.append(Self.separator)
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
