/// A suite that can be removed whole, as `defaults delete DOMAIN` removes a domain: its keys and the place that holds
/// them, so that it leaves every listing.
///
/// The file store removes the suite's file (keeping it as the previous version); a store without the capability
/// (PostgreSQL, GSettings) is emptied key by key instead, which is all it holds. Tools reach it through
/// ``PersistentKeyValueStore/removal``.
public protocol RemovableSuite: AnyObject {
    /// Removes every key and the suite itself, in one write that the history records.
    ///
    /// - Returns: The changes: every key's removal.
    /// - Throws: The store's error; nothing is removed then.
    func removeSuite() throws -> [PersistentKeyValueChange]
}
