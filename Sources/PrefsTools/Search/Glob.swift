/// A pattern in which `*` stands for any text, even none, and every other character for itself: how `@suite:`,
/// `KEY=VALUE` and a key name with a star match, exactly and with case.
struct Glob: Sendable, Hashable {
    /// The text between the stars.
    private let parts: [Substring]
    /// Whether the pattern holds a star at all.
    let hasStar: Bool

    init(_ pattern: String) {
        parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
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
}
