public import PrefsKit

/// How a swift-configuration key, a list of components, finds a value among stored keys that may themselves contain
/// dots and values that may be nested dictionaries.
///
/// The rule, for the key `a.b.c`: the longest dot-joined run of leading components that is a stored key wins, and the
/// components after it are looked up inside that key's dictionary by the same rule. So `a.b.c` is the stored key
/// `"a.b.c"` if there is one, else `"c"` inside the dictionary stored as `"a.b"`, else `"b.c"` or `"c"` inside `"b"`
/// inside the dictionary stored as `"a"`. A run whose value is not a dictionary, or lacks the rest, gives way to the
/// next shorter one.
public enum StoredKeyPath {
    /// The stored keys a lookup of these components may read, longest first: what a watch on them observes.
    ///
    /// - Parameter components: The configuration key's components.
    /// - Returns: Each dot-joined run of leading components.
    public static func candidates(for components: [String]) -> [String] {
        guard !components.isEmpty else { return [] }
        return (1...components.count).reversed().map { components[0..<$0].joined(separator: ".") }
    }

    /// Finds the value a configuration key names.
    ///
    /// - Parameters:
    ///   - components: The configuration key's components.
    ///   - lookup: Reads one stored key.
    /// - Returns: The value, or `nil` when no stored key or nested dictionary holds it.
    public static func value(
        at components: ArraySlice<String>, lookup: (String) -> PropertyListValue?
    ) -> PropertyListValue? {
        guard !components.isEmpty else { return nil }
        var end = components.endIndex
        while end > components.startIndex {
            let name = components[components.startIndex..<end].joined(separator: ".")
            if let found = lookup(name) {
                if end == components.endIndex { return found }
                if case .dictionary(let nested) = found,
                    let inner = value(at: components[end...], lookup: { nested[$0] })
                {
                    return inner
                }
            }
            end -= 1
        }
        return nil
    }
}
