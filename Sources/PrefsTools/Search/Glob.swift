/// A pattern in which `*` stands for any text, even none, and every other character for itself: how `@suite:`,
/// `KEY=VALUE` and a key name with a star match, exactly and with case.
struct Glob: Sendable, Hashable {
    /// The text between the stars.
    private let parts: [Substring]
    /// The same, as UTF-8, for text kept as bytes.
    private let byteParts: [[UInt8]]
    /// Whether the pattern holds a star at all.
    let hasStar: Bool

    init(_ pattern: String) {
        parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        byteParts = parts.map { Array($0.utf8) }
        hasStar = parts.count > 1
    }

    /// Whether the whole of a text matches.
    func matches(_ text: String) -> Bool {
        guard hasStar, let first = parts.first, let last = parts.last else { return text == (parts.first ?? "") }
        guard text.hasPrefix(first) else { return false }
        var rest = text.dropFirst(first.count)
        guard rest.count >= last.count else { return false }
        let tailStart = rest.index(rest.endIndex, offsetBy: -last.count)
        guard rest[tailStart...] == last else { return false }
        rest = rest[..<tailStart]
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = rest.firstRange(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    /// Whether the whole of a text kept as UTF-8 matches, byte for byte.
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = byteParts.first, let last = byteParts.last else { return text.isEmpty }
        guard hasStar else { return text.elementsEqual(first) }
        guard text.count >= first.count + last.count, text.starts(with: first),
            text[(text.count - last.count)...].elementsEqual(last)
        else { return false }
        var start = first.count
        let end = text.count - last.count
        for part in byteParts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = Self.find(part, in: text, from: start, to: end) else { return false }
            start = found + part.count
        }
        return true
    }

    /// Where a part first appears in `text[from..<to]`.
    private static func find(_ part: [UInt8], in text: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        var index = from
        while index + part.count <= to {
            if text[index] == part[0], text[index..<(index + part.count)].elementsEqual(part) { return index }
            index += 1
        }
        return nil
    }
}
