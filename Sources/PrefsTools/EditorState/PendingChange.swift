public import PrefsCore

/// An edit made in delayed mode (`P`): kept, shown against what is stored, and written with the others by `A`.
public struct PendingChange: Hashable, Sendable {
    public let suite: String
    public let key: String
    /// What the store held when the key was first edited; a different value now means another process wrote it.
    public let original: PropertyListValue?
    /// The value to write; `nil` removes the key.
    public var value: PropertyListValue?

    /// An edit of a key.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - key: The key.
    ///   - original: What the store held when the key was first edited.
    ///   - value: The value to write; `nil` removes the key.
    public init(suite: String, key: String, original: PropertyListValue?, value: PropertyListValue?) {
        self.suite = suite
        self.key = key
        self.original = original
        self.value = value
    }
}
