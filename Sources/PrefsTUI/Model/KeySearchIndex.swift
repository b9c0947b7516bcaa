import PrefsCore
import PrefsTools

/// What `/` searches in a suite's keys — each key, its value as listed, and its summary and description — as
/// lowercased UTF-8, so that a keystroke scans bytes rather than making 100,000 rows.
///
/// Keys in plain ASCII, the usual case, are not copied: they are matched where the key list holds them, folding case
/// on the fly. Other keys are stored lowercased with the rest of their row.
final class KeySearchIndex {
    /// Each row's fields, each followed by ``FuzzyPattern/separator``: its key (empty when plain ASCII, which is
    /// matched where the list holds it), its value, summary and description.
    private var bytes: [UInt8] = []
    /// Where each row's fields start in ``bytes``, plus the end.
    private var starts: [Int32] = []
    /// The list's keys, in its order.
    private let keys: [String]

    init(list: KeyList) {
        keys = list.keys
        starts.reserveCapacity(keys.count + 1)
        // About what a row of a short value takes; growing by doubling would copy the buffer with both alive.
        bytes.reserveCapacity(keys.count * 16)
        let values = list.suite.primitiveValues()
        for key in keys {
            starts.append(Int32(clamping: bytes.count))
            let entry = list.entry(for: key)
            if !Self.isPlainASCII(key) { append(key) }
            bytes.append(FuzzyPattern.separator)
            let value = values[key] ?? entry?.defaultValue
            // A secret's value is not searched, under any name it is stored by: a match would tell what it holds.
            let secret = entry?.isSecret == true || list.schema?.entry(forStoredKey: key)?.isSecret == true
            append(secret ? nil : value.map { entry?.render($0) ?? $0.text })
            // Only declared keys have documentation; the others' rows end after their value.
            if let entry {
                append(entry.summary)
                append(entry.description)
            }
        }
        starts.append(Int32(clamping: bytes.count))
    }

    /// The positions of the rows the pattern matches, in the list's order, among `candidates` (the result for a
    /// shorter pattern that this one extends) or among all rows.
    func matches(_ pattern: FuzzyPattern, among candidates: [Int32]?) -> [Int32] {
        var found: [Int32] = []
        bytes.withUnsafeBufferPointer { all in
            func test(_ row: Int32) {
                var key = keys[Int(row)]
                if key.withUTF8({ pattern.matches($0, foldingASCII: true) }) {
                    found.append(row)
                    return
                }
                let fields = UnsafeBufferPointer(rebasing: all[Int(starts[Int(row)])..<Int(starts[Int(row) + 1])])
                if pattern.matchesRow(fields) { found.append(row) }
            }
            if let candidates {
                for row in candidates { test(row) }
            } else {
                for row in 0..<Int32(clamping: keys.count) { test(row) }
            }
        }
        return found
    }

    /// How a row that matched ranks, as `prefs find` ranks it: by its key's name, else by its summary or description,
    /// else by its value.
    ///
    /// - Parameters:
    ///   - row: A row the pattern matched.
    ///   - pattern: The filter, for the key's name.
    ///   - fuzzy: The same filter, for the row's other fields.
    /// - Returns: The rank.
    func rank(ofRow row: Int32, _ pattern: SearchPattern, _ fuzzy: FuzzyPattern) -> SearchPattern.Rank {
        if let rank = pattern.rank(ofKey: keys[Int(row)]) { return rank }
        return bytes.withUnsafeBufferPointer { all in
            let fields = UnsafeBufferPointer(rebasing: all[Int(starts[Int(row)])..<Int(starts[Int(row) + 1])])
            // The fields are the key, the value, then the summary and description.
            return fuzzy.firstFieldHolding(fields, from: 2) != nil ? .documentation : .value
        }
    }

    /// Appends a field, escaped and lowercased, and its separator.
    private func append(_ field: String?) {
        if let field {
            if Self.isPlainASCII(field) {
                for byte in field.utf8 { bytes.append(byte &+ ((0x41...0x5A).contains(byte) ? 0x20 : 0)) }
            } else {
                bytes += TextEscaping.escaped(field, escapingBackslashes: false).lowercased().utf8
            }
        }
        bytes.append(FuzzyPattern.separator)
    }

    /// Whether text is printable ASCII only, which lowercases byte by byte and needs no escaping.
    private static func isPlainASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }
}
