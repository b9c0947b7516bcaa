public import PrefsCore

/// The changes a recording saw, one per key: its final value, in the order keys first changed.
///
/// Adding is a dictionary update and, for a new key, one append, so that a burst of 10,000 changes is taken in as it
/// arrives.
public struct RecordedChanges: Sendable {
    /// A key of a suite.
    public struct Key: Hashable, Sendable {
        public let suite: String
        public let key: String
    }

    /// What a key ended as: a value, or removed.
    public struct Entry: Sendable {
        public let suite: String
        public let key: String
        /// The final value; `nil` when the key was removed.
        public let value: PropertyListValue?
    }

    private var order: [Key] = []
    private var final: [Key: PropertyListValue?] = [:]
    /// The keys that did not exist before their first change: one removed again leaves nothing to replay.
    private var created: Set<Key> = []

    /// No changes.
    public init() {}

    /// Takes in a change: a key seen before keeps its place and takes the new value.
    ///
    /// A change a system layer or lock file made is not the user's to replay, and is left out.
    public mutating func add(_ change: PersistentKeyValueChange) {
        guard change.systemLayer == nil else { return }
        let key = Key(suite: change.suite ?? "", key: change.key)
        if final.updateValue(change.newValue, forKey: key) == nil {
            order.append(key)
            if change.oldValue == nil && !change.isAbridged { created.insert(key) }
        }
    }

    /// Takes in a key's value known without its change (after an undo): a key seen before keeps its place.
    public mutating func set(suite: String, key: String, to value: PropertyListValue?) {
        let key = Key(suite: suite, key: key)
        if final.updateValue(value, forKey: key) == nil { order.append(key) }
    }

    /// The keys that changed, each with its final value, in first-change order; a key made and removed again
    /// within the recording is not among them.
    public var entries: [Entry] {
        order.compactMap { key in
            let value = final[key] ?? nil
            if value == nil && created.contains(key) { return nil }
            return Entry(suite: key.suite, key: key.key, value: value)
        }
    }

    /// How many keys changed.
    public var count: Int { order.count }
}
