public import PrefsCore

/// A value being edited: the key, the text typed so far, and what the key held when editing began.
public struct EditSession: Hashable, Sendable {
    /// What the line is for.
    public enum Purpose: Hashable, Sendable {
        /// A key's value, parsed through its schema, its stored type or ``EditSession/kind``.
        case value
        /// The name of a key to add; its type and value are asked next.
        case newKeyName
        /// The name of a suite to create; it is written by its first key.
        case newSuiteName
        /// A command typed after `:`.
        case command
        /// Where to go, on the path bar (`o`).
        case path
    }

    public let suite: String
    /// The key edited; empty while a new key is being named.
    public let key: String
    /// What the store held when editing began, to notice a change made underneath.
    public let original: PropertyListValue?
    public var line: LineEditor
    /// Set when another process changed the key while it was edited; the next Enter overwrites it knowingly.
    public var changedUnderneath: PropertyListValue??
    /// Why the last attempt to save was refused.
    public var error: String?
    public var purpose = Purpose.value
    /// The type a new key's value is parsed as, chosen when it was added.
    public var kind: PrimitiveKind?
}
