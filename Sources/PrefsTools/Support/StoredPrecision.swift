public import PrefsCore

/// The rule that a write keeps what a person gave: a value the store cannot hold exactly is refused, never rounded.
public enum StoredPrecision {
    /// Checks that a suite keeps every value of a write as given.
    ///
    /// A file suite keeps dates to the whole second, as XML property lists do: `2026-11-24T12:48:50.804Z` would be
    /// stored, and then read, as `…:50Z`, so it is refused with the form the suite can hold.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to remove it.
    ///   - suite: The suite written to.
    ///   - schema: Its schema, which says which values are secret: those show as the mask in the refusal.
    /// - Throws: ``ToolError`` naming the first key whose value would change, and what it would become.
    public static func check(
        _ changes: [String: PropertyListValue?], in suite: any PersistentKeyValueStore, schema: PreferenceSchema?
    ) throws {
        try check(changes, schema: schema, storedAs: suite.storedForm(of:))
    }

    /// Checks that a suite keeps every value of a write as given, when each value is kept as `storedForm` says.
    static func check(
        _ changes: [String: PropertyListValue?], schema: PreferenceSchema?,
        storedAs storedForm: (PropertyListValue) -> PropertyListValue
    ) throws {
        for key in changes.keys.sorted() {
            guard let value = changes[key] ?? nil else { continue }
            let stored = storedForm(value)
            guard stored != value else { continue }
            let entry = schema?.entry(forStoredKey: key)
            let given = ValueText.inline(value, entry: entry)
            let kept = ValueText.inline(stored, entry: entry)
            throw ToolError(
                "key \(TextEscaping.quoted(key)): \(given) has a precision the suite cannot keep (it would hold "
                    + "\(kept)); nothing was written", code: .invalidValue)
        }
    }
}
