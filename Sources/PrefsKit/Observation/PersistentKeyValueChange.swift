/// A change to one key of a store, in stored form.
public struct PersistentKeyValueChange: Sendable, Hashable {
    /// The key's identifier.
    public let key: String
    /// What the store held before, or `nil` when the key was absent.
    public let oldValue: PropertyListValue?
    /// What the store holds now, or `nil` when the key was removed.
    public let newValue: PropertyListValue?

    /// Creates a change.
    ///
    /// - Parameters:
    ///   - key: The key's identifier.
    ///   - oldValue: What the store held before.
    ///   - newValue: What it holds now.
    public init(key: String, oldValue: PropertyListValue?, newValue: PropertyListValue?) {
        self.key = key
        self.oldValue = oldValue
        self.newValue = newValue
    }
}

/// A change to one key, as typed values.
public struct PersistentKeyChange<Value> {
    /// The key's identifier.
    public let key: String
    /// The value a read returned before the change.
    public let oldValue: Value
    /// The value a read returns after it.
    public let newValue: Value
    /// Why the new value is what it is: stored, the default for an absent key, or a default standing in for an
    /// unreadable value.
    public let status: PersistentValueStatus
}

extension PersistentKeyChange: Sendable where Value: Sendable {}
