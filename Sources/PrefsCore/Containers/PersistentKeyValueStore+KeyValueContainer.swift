// MARK: - API

extension PersistentKeyValueStore {
    /// Creates a container for a value in this store, keyed by the name of the property that calls it.
    ///
    /// - Parameters:
    ///   - key: The identifier to store under. It defaults to the calling declaration's name, so a computed property
    ///     `var foobar` stores under `"foobar"`.
    ///   - defaultValue: The value read when nothing readable is stored.
    /// - Returns: A container bound to this store.
    public func makeContainer<Value: KeyValuePersistible>(
        key: String = #function, defaultValue: Value? = nil
    ) -> KeyValueContainer<Value> {
        KeyValueContainer(store: self, key: key, defaultValue: defaultValue)
    }
}
