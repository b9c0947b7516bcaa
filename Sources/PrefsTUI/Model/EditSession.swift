public import PrefsKit

/// A value being edited: the key, the text typed so far, and what the key held when editing began.
public struct EditSession: Hashable, Sendable {
    public let suite: String
    public let key: String
    /// What the store held when editing began, to notice a change made underneath.
    public let original: PropertyListValue?
    public var line: LineEditor
    /// Set when another process changed the key while it was edited; the next Enter overwrites it knowingly.
    public var changedUnderneath: PropertyListValue??
    /// Why the last attempt to save was refused.
    public var error: String?
}
