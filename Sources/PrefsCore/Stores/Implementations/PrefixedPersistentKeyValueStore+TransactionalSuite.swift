extension PrefixedPersistentKeyValueStore: TransactionalSuite {
    /// Writes several keys at once, atomically when the underlying store is transactional.
    ///
    /// - Parameter changes: The value to store for each key of this view, or `nil` to remove it.
    /// - Returns: The changes that took effect, in this view's keys.
    /// - Throws: The underlying store's error; nothing is written then.
    @discardableResult
    public func commit(_ changes: [String: PropertyListValue?]) throws -> [PersistentKeyValueChange] {
        if let transactional = base.transactions {
            return try transactional.commit(stored(changes)).compactMap(local)
        }
        let before = changes.keys.map { ($0, primitiveValue(forKey: $0)) }
        try setPrimitiveValues(changes)
        return before.compactMap { key, old in
            let new = primitiveValue(forKey: key)
            return old == new ? nil : PersistentKeyValueChange(key: key, oldValue: old, newValue: new)
        }
    }

    /// Writes several keys at once if some still hold what the caller read, checked under the underlying store's lock
    /// when it is transactional.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key of this view, or `nil` to remove it.
    ///   - expecting: What each of these keys must hold now; `nil` means not stored.
    /// - Returns: The changes that took effect, in this view's keys.
    /// - Throws: ``PersistentKeyValueStoreError`` naming a key that changed, in this view's keys, or the store's error.
    @discardableResult
    public func commit(_ changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?]) throws
        -> [PersistentKeyValueChange]
    {
        guard let transactional = base.transactions else {
            if let key = keys(differingFrom: expecting).first {
                throw PersistentKeyValueStoreError.changedSince(key: key)
            }
            return try commit(changes)
        }
        do {
            return try transactional.commit(stored(changes), expecting: stored(expecting)).compactMap(local)
        } catch let error as PersistentKeyValueStoreError where error.key?.hasPrefix(prefix) == true {
            guard let key = error.key, error.reason == .conflict else { throw error }
            throw PersistentKeyValueStoreError.changedSince(key: String(key.dropFirst(prefix.count)))
        }
    }
}
