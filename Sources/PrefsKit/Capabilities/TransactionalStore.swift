/// A store that writes several keys as one: other processes see all of the changes or none of them.
///
/// The file store writes under one lock with one rename; the PostgreSQL store in one statement. `prefs import`,
/// `prefs undo` and the editor's multi-key actions ask for this rather than write key by key.
public protocol TransactionalStore: PersistentKeyValueStore {
    /// Writes several keys at once, and reports the changes that took effect.
    ///
    /// - Parameter changes: The value to store for each key, or `nil` to remove it.
    /// - Returns: The changes that took effect; keys that already held the value given are left out.
    /// - Throws: The store's error; nothing is written then.
    @discardableResult
    func commit(_ changes: [String: PropertyListValue?]) throws -> [PersistentKeyValueChange]

    /// The stored keys, sorted, without copying the values.
    func sortedKeys() -> [String]
}
