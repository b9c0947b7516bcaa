// MARK: - API

extension PersistentCache {
    /// Saves the entries, in order of use, under one key of a store, as JSON data.
    ///
    /// - Parameters:
    ///   - store: The store, such as a suite of the file store.
    ///   - key: The key to save under.
    /// - Throws: ``PersistentKeyValueStoreError`` when the entries cannot be encoded or the store cannot be written.
    public func save(to store: any PersistentKeyValueStore, key: String) throws(PersistentKeyValueStoreError) {
        try store.update(Self.persistentKey(key), to: entriesInOrder)
    }

    /// Creates a cache holding what was saved under a key, most recently used last; entries past the limits are
    /// evicted as they are restored, and a missing or unreadable save gives an empty cache.
    ///
    /// - Parameters:
    ///   - store: The store the cache was saved to.
    ///   - key: The key it was saved under.
    ///   - countLimit: The most entries kept; `nil` for no limit.
    ///   - costLimit: The most total cost kept; `nil` for no limit.
    ///   - cost: The cost of a value; 1 by default.
    public convenience init(
        restoringFrom store: any PersistentKeyValueStore, key: String, countLimit: Int? = nil, costLimit: Int? = nil,
        cost: @escaping @Sendable (Value) -> Int = { _ in 1 }
    ) {
        self.init(countLimit: countLimit, costLimit: costLimit, cost: cost)
        for entry in store.get(Self.persistentKey(key)) {
            set(value: entry.value, forKey: entry.key)
        }
    }

    private static func persistentKey(_ id: String) -> PersistentKey<[PersistentCacheEntry<Key, Value>]> {
        PersistentKey(id, defaultValue: [], representation: CodablePersistentKeyValueRepresentation())
    }
}
