/// A store that writes several keys as one: other processes see all of the changes or none of them.
///
/// The file store writes under one lock with one rename; the PostgreSQL store in one statement. `prefs import`,
/// `prefs undo` and the editor's multi-key actions ask for this rather than write key by key.
public protocol TransactionalSuite: PersistentKeyValueStore {
    /// Writes several keys at once, and reports the changes that took effect.
    ///
    /// - Parameter changes: The value to store for each key, or `nil` to remove it.
    /// - Returns: The changes that took effect; keys that already held the value given are left out.
    /// - Throws: The store's error; nothing is written then.
    @discardableResult
    func commit(_ changes: [String: PropertyListValue?]) throws -> [PersistentKeyValueChange]

    /// Writes several keys at once if some keys still hold what the caller read: the verbs that read a value and
    /// write what they made of it (`rename`, `--array-add`, a key path) lose nothing to a writer in between.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to remove it.
    ///   - expecting: What each of these keys must hold now; `nil` means not stored.
    /// - Returns: The changes that took effect.
    /// - Throws: ``PersistentKeyValueStoreError`` with reason ``PersistentKeyValueStoreError/Reason/refused`` naming
    ///   the first key that holds something else, or the store's error; nothing is written then.
    @discardableResult
    func commit(_ changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?]) throws
        -> [PersistentKeyValueChange]

    /// The stored keys, sorted, without copying the values.
    func sortedKeys() -> [String]
}

extension TransactionalSuite {
    /// Checks, then writes: for stores that cannot check under the write's own lock or statement, a writer between
    /// the two goes unseen.
    @discardableResult
    public func commit(_ changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?]) throws
        -> [PersistentKeyValueChange]
    {
        if let key = keys(differingFrom: expecting).first { throw PersistentKeyValueStoreError.changedSince(key: key) }
        return try commit(changes)
    }
}

extension PersistentKeyValueStore {
    /// Writes several keys as one when the suite can (``transactions``: one lock and one rename, one statement),
    /// else key by key: the one place that chooses, for every tool that writes several keys.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to remove it.
    ///   - expecting: What some keys must still hold, as read before; `nil` means not stored.
    /// - Returns: The changes that took effect.
    /// - Throws: ``PersistentKeyValueStoreError`` naming a key that changed since, or the store's error; nothing is
    ///   written then (key by key, a failure part way leaves the keys before it written).
    @discardableResult
    public func applyChanges(
        _ changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?] = [:]
    ) throws -> [PersistentKeyValueChange] {
        if let transactional = transactions {
            return expecting.isEmpty
                ? try transactional.commit(changes) : try transactional.commit(changes, expecting: expecting)
        }
        if let key = keys(differingFrom: expecting).first { throw PersistentKeyValueStoreError.changedSince(key: key) }
        let before = changes.keys.sorted().map { ($0, primitiveValue(forKey: $0)) }
        try setPrimitiveValues(changes)
        return before.compactMap { key, old in
            let new = primitiveValue(forKey: key)
            return old == new ? nil : PersistentKeyValueChange(key: key, oldValue: old, newValue: new)
        }
    }

    /// The keys whose stored value differs from what a caller read, sorted: the rule of a store whose keys have one
    /// face.
    public func keys(differingFrom expected: [String: PropertyListValue?]) -> [String] {
        expected.keys.filter { primitiveValue(forKey: $0) != expected[$0] ?? nil }.sorted()
    }
}

extension PersistentKeyValueStoreError {
    /// The error for a key that no longer holds what was read before a write: nothing was written.
    public static func changedSince(key: String) -> PersistentKeyValueStoreError {
        PersistentKeyValueStoreError(
            .conflict, key: key,
            message: "key \(TextEscaping.quoted(key)) changed while it was being written; nothing was written")
    }
}
