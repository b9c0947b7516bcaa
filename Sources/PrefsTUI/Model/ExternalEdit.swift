public import PrefsCore

/// A value to edit in the user's own editor (`e`): what to hand it, and what the key held when it was handed over.
public struct ExternalEdit: Hashable, Sendable {
    public let suite: String
    public let key: String
    /// The text the editor opens: JSON, pretty-printed, for arrays and dictionaries; the value as typed otherwise.
    public let text: String
    /// Whether ``text`` is JSON, which names the file `.json` so that editors highlight it.
    public let isJSON: Bool
    /// What the store held when editing began; a different value on return means another process wrote meanwhile.
    public let original: PropertyListValue?
}
