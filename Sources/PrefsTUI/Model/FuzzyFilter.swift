/// Matches typed text against rows the way fuzzy finders do: the characters in order, not necessarily together,
/// ignoring case, so that `fscl` finds `fontScale`.
enum FuzzyFilter {
    /// Whether the pattern matches any of the fields; an empty pattern matches everything.
    static func matches(_ pattern: String, _ fields: [String?]) -> Bool {
        guard !pattern.isEmpty else { return true }
        let wanted = Array(pattern.lowercased())
        return fields.contains { field in
            guard let field else { return false }
            var next = 0
            for character in field.lowercased() where next < wanted.count && character == wanted[next] { next += 1 }
            return next == wanted.count
        }
    }
}
