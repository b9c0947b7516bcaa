public import PrefsCore

/// How secret values are shown: redacted as ``mask`` unless the command was given `--reveal`.
///
/// A key is secret when its suite's schema says so (`"secret": true` in the manifest, `secret: true` on the Swift
/// key). Every printer of values asks here, so that no output path shows a secret by forgetting to.
public enum Secrets {
    /// What a secret value prints as.
    public static let mask = PreferenceSchemaEntry.secretMask

    /// Whether secret values are shown in this task: set around a command given `--reveal`.
    @TaskLocal public static var reveal = false

    /// Whether a key's value must be hidden: the one masking rule of `prefs` and the editor.
    ///
    /// - Parameters:
    ///   - entry: The key's schema entry.
    ///   - revealed: Whether the person asked to see it: `--reveal` on the command line, `v` in the editor.
    /// - Returns: Whether the entry is secret and was not revealed.
    public static func hides(_ entry: PreferenceSchemaEntry?, revealed: Bool = Secrets.reveal) -> Bool {
        entry?.isSecret == true && !revealed
    }

    /// The keys of a schema whose values must be hidden, with the former names they may still be stored under,
    /// sorted.
    ///
    /// - Parameter schema: The suite's schema.
    /// - Returns: The keys.
    public static func hiddenKeys(in schema: PreferenceSchema?) -> [String] {
        reveal ? [] : (schema?.secretStoredKeys ?? []).sorted()
    }

    /// Values with each secret one replaced by ``mask``, for listings.
    ///
    /// - Parameters:
    ///   - values: The suite's values.
    ///   - schema: Its schema.
    /// - Returns: The values, masked.
    public static func masked(_ values: [String: PropertyListValue], schema: PreferenceSchema?)
        -> [String: PropertyListValue]
    {
        var masked = values
        for key in hiddenKeys(in: schema) where values[key] != nil { masked[key] = .string(mask) }
        return masked
    }

    /// Values without the secret ones, saying on standard error which keys were left out.
    ///
    /// For documents that may be imported again (`export`, `dump`): a placeholder there would be imported as the
    /// secret's new value.
    ///
    /// - Parameters:
    ///   - values: The suite's values.
    ///   - suite: The suite's name, for the note.
    ///   - schema: Its schema.
    /// - Returns: The values left.
    public static func withoutHidden(
        _ values: [String: PropertyListValue], suite: String, schema: PreferenceSchema?
    ) -> [String: PropertyListValue] {
        let (kept, hidden) = partition(values, schema: schema)
        if !hidden.isEmpty {
            Output.note(
                "left out \(hidden.count) secret key(s) of suite \(TextEscaping.quoted(suite)) ("
                    + hidden.map(ValueText.key).joined(separator: ", ") + "); --reveal includes them")
        }
        return kept
    }

    /// Values without the secrets a document must leave out, and the keys left out, saying nothing: for a caller
    /// that tells the user itself, such as the editor, which has no standard error to write to.
    ///
    /// - Parameters:
    ///   - values: A suite's values.
    ///   - schema: Its schema.
    /// - Returns: The values to write, and the secret keys left out, sorted.
    public static func partition(_ values: [String: PropertyListValue], schema: PreferenceSchema?) -> (
        kept: [String: PropertyListValue], leftOut: [String]
    ) {
        let hidden = hiddenKeys(in: schema).filter { values[$0] != nil }
        var kept = values
        for key in hidden { kept[key] = nil }
        return (kept, hidden)
    }
}
