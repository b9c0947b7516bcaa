/// A value's key, type and store bundled together, so that the value can be passed around and used apart from the
/// store (seed 000).
///
/// Declare containers as computed properties on a store; ``PersistentKeyValueStore/makeContainer(key:defaultValue:)``
/// takes the property's name as the key, so two containers cannot share a key without sharing a name, which the
/// compiler forbids:
///
/// ```swift
/// extension UserDefaults {
///     var foobar: KeyValueContainer<Int> { makeContainer() }
/// }
///
/// userDefaults.foobar.value = 123  // stored under "foobar"
/// ```
public struct KeyValueContainer<Value: KeyValuePersistible> {
    /// The identifier the value is stored under.
    public let key: String
    /// The value read when nothing readable is stored.
    public let defaultValue: Value?
    private let store: any PersistentKeyValueStore

    /// Creates a container.
    ///
    /// - Parameters:
    ///   - store: The store the value lives in.
    ///   - key: The identifier the value is stored under.
    ///   - defaultValue: The value read when nothing readable is stored.
    public init(store: any PersistentKeyValueStore, key: String, defaultValue: Value? = nil) {
        self.store = store
        self.key = key
        self.defaultValue = defaultValue
    }

    /// The stored value, or the default when nothing readable is stored.
    ///
    /// Setting `nil` removes the value.
    public var value: Value? {
        get { store.get(persistentKey) }
        nonmutating set { store.set(persistentKey, to: newValue) }
    }

    /// What a read finds, with the reason when it falls back to the default.
    public func inspect() -> PersistentValueInspection<Value?> {
        store.inspect(persistentKey)
    }

    /// The container as a key, so that every key-based API works with it.
    public var persistentKey: PersistentKey<Value?> {
        PersistentKey(key, defaultValue: defaultValue)
    }
}
