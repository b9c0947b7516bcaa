public import PrefsCore

/// The newest changes of each key of a suite, as the editor keeps them: read once from the suite's change history and
/// kept up to date from the changes the store reports, so that moving the selection never reads the journal.
public struct RecentChanges: Sendable {
    /// Each key's newest changes, newest first, at most ``perKey``.
    private var changes: [String: [PersistentKeyValueChange]] = [:]
    /// Whether the history read was cut at ``limit``: a key with no change may have one that is older.
    public let isTruncated: Bool

    /// How many of the newest changes are read.
    public static let limit = 2_000
    /// How many changes are kept per key.
    static let perKey = 3

    /// Reads a suite's history, the newest ``limit`` changes; nothing when the store keeps none.
    init(suite: (any PersistentKeyValueStore)?) {
        let history = suite?.changeHistory
        let read = (try? history?.history(key: nil, limit: Self.limit)) ?? []
        isTruncated = read.count >= Self.limit
        // Oldest first: each change goes in front of the ones before it.
        for change in read { record(change) }
    }

    /// A key's newest changes, newest first.
    public func recent(_ key: String) -> [PersistentKeyValueChange] {
        changes[key] ?? []
    }

    /// Takes in a change the store reported.
    mutating func record(_ change: PersistentKeyValueChange) {
        var list = changes[change.key] ?? []
        // The editor's own write is recorded when it is made and again when the store reports it.
        guard list.first != change else { return }
        list.insert(change, at: 0)
        if list.count > Self.perKey { list.removeLast(list.count - Self.perKey) }
        changes[change.key] = list
    }
}
