/// A store that keeps the history of its changes: which key changed, from what to what, when, and by whom.
///
/// The file store reads it from its journal and the PostgreSQL store from its history table; tools such as
/// `prefs log`, `prefs undo` and the editor's details ask for it through ``PersistentKeyValueStore/changeHistory``, and
/// say so when a store has none.
public protocol PersistentKeyValueHistory: AnyObject {
    /// The changes the store still holds, oldest first.
    ///
    /// Each change carries its suite, key, old and new values and its ``PersistentKeyValueChange/writer``, whose
    /// `pid` is `nil` for a writer that took no part in the history (a plain `UserDefaults` program, a hand edit).
    /// A change whose values were too large to keep has ``PersistentKeyValueChange/isAbridged`` set and `nil` values.
    ///
    /// - Parameters:
    ///   - key: Only this key's changes; every key's when `nil`.
    ///   - limit: At most this many, the newest; all the store holds when `nil`.
    /// - Returns: The changes, oldest first.
    /// - Throws: The store's error when the history cannot be read.
    func history(key: String?, limit: Int?) throws -> [PersistentKeyValueChange]
}

// MARK: - API

extension PersistentKeyValueHistory {
    /// The newest change the store holds, of one key or of any.
    ///
    /// - Parameter key: Only this key's; any key's when `nil`.
    /// - Returns: The change, or `nil` when the history holds none.
    /// - Throws: The store's error when the history cannot be read.
    public func lastChange(key: String? = nil) throws -> PersistentKeyValueChange? {
        try history(key: key, limit: 1).last
    }

    /// The newest write: the changes of the newest commit, which one transaction (an import, a reset of several keys)
    /// records as several changes, told apart by ``PersistentKeyValueChange/Writer/write``.
    ///
    /// - Returns: The write's changes, in the order they were recorded; empty when the history holds none.
    /// - Throws: The store's error when the history cannot be read.
    public func lastWrite() throws -> [PersistentKeyValueChange] {
        let changes = try history(key: nil, limit: nil)
        guard let last = changes.last else { return [] }
        let write = changes.reversed().prefix { change in
            if let identifier = last.writer?.write { return change.writer?.write == identifier }
            // A store that does not identify writes: the same writer at the same recorded moment.
            return change.writer?.pid == last.writer?.pid && change.writer?.host == last.writer?.host
                && change.writer?.time == last.writer?.time
        }
        return write.reversed()
    }
}
