public import PrefsCore

/// A suite written through the kit's one journaled write (`SuiteJournal.write(suite:timeout:onFailure:holding:plan:)`),
/// whose history is its journal: what a store on the kit supplies is its read, its plan and its call.
///
/// A suite checks `expecting` under its write's own lock, so it implements ``commit(_:expecting:)``; writing without
/// expectations and the history come from here. A store whose history must first be brought up to what it holds
/// (a file another program rewrites unheard, as KConfig's) implements ``history(key:limit:)`` itself.
public protocol JournaledSuite: TransactionalSuite, PersistentKeyValueHistory {
    /// The journal of the suite's store.
    var journal: SuiteJournal { get }

    /// The suite's name in its journal: a file name, without `/`.
    var journalName: String { get }

    /// Writes several keys as one journaled write if some keys still hold what the caller read, checked under the
    /// write's lock.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to remove it.
    ///   - expecting: What each of these keys must hold now; `nil` means not stored.
    /// - Returns: The changes that took effect.
    /// - Throws: The store's error, or ``/PrefsCore/PersistentKeyValueStoreError`` naming a key that changed since;
    ///   nothing is written then.
    @discardableResult
    func commit(_ changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?]) throws
        -> [PersistentKeyValueChange]
}

extension JournaledSuite {
    /// Writes several keys as one journaled write (``commit(_:expecting:)``, expecting nothing).
    @discardableResult
    public func commit(_ changes: [String: PropertyListValue?]) throws -> [PersistentKeyValueChange] {
        try commit(changes, expecting: [:])
    }

    /// The changes `prefs` and PrefsKit made, from the suite's journal, oldest first; another program's changes are
    /// recorded as an unknown writer's when the store heard them.
    public func history(key: String? = nil, limit: Int? = nil) -> [PersistentKeyValueChange] {
        journal.history(suite: journalName, key: key, limit: limit)
    }
}
