public import PrefsCore

/// Undoing a write: the keys it changed are put back to what they held before, unless changed again since.
///
/// `prefs undo`, `prefs redo` and the editor's `u` and Ctrl-R all go through it; ``UndoHistory`` finds the writes.
public struct SuiteUndo: Sendable, Hashable {
    /// The suite.
    public let suite: String
    /// What the keys held before the write; `nil` means not stored.
    public let before: [String: PropertyListValue?]
    /// What the write left.
    public let after: [String: PropertyListValue?]

    /// Creates an undo of a write.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - before: What the keys held before.
    ///   - after: What the write left.
    public init(suite: String, before: [String: PropertyListValue?], after: [String: PropertyListValue?]) {
        self.suite = suite
        self.before = before
        self.after = after
    }

    /// The undo of this undo: it makes the write again.
    public var inverse: SuiteUndo { SuiteUndo(suite: suite, before: after, after: before) }

    /// The keys another writer changed since the write, sorted.
    ///
    /// - Parameter suite: The suite.
    /// - Returns: The keys.
    public func changedSince(in suite: any PersistentKeyValueStore) -> [String] {
        suite.keys(differingFrom: after)
    }

    /// The refusal of an undo whose keys another writer changed since.
    ///
    /// - Parameters:
    ///   - changed: The keys changed since, sorted; not empty.
    ///   - now: What the first of them holds now.
    ///   - schema: The suite's schema, which says whether that value is a secret to mask.
    /// - Returns: The error, naming the first key and its value.
    static func changedAgain(_ changed: [String], now: PropertyListValue?, schema: PreferenceSchema?) -> ToolError {
        let shown =
            now.map { ValueText.inline($0, entry: schema?.entry(forStoredKey: changed.first ?? "")) } ?? "(unset)"
        let others = changed.count > 1 ? " and \(changed.count - 1) other key(s)" : ""
        return ToolError(
            "key \(TextEscaping.quoted(changed.first ?? ""))\(others) changed again since (it is now \(shown)); "
                + "nothing was undone", code: .changedSince)
    }

    /// Puts the keys back, in one write when the store can.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - force: Whether to undo keys another writer changed since.
    ///   - schema: The suite's schema, for the error's value.
    ///   - reverting: The write this undo reverts, which the history records it as.
    /// - Returns: The changes made.
    /// - Throws: ``ToolError`` naming the keys changed since, unless `force`; the store's error. Nothing is written
    ///   then.
    @discardableResult
    public func apply(
        to suite: any PersistentKeyValueStore, force: Bool = false, schema: PreferenceSchema? = nil,
        reverting: String? = nil
    ) throws -> [PersistentKeyValueChange] {
        let changed = changedSince(in: suite)
        if !force, let first = changed.first {
            throw Self.changedAgain(changed, now: suite.primitiveValue(forKey: first), schema: schema)
        }
        return try SuiteWrite.commit(before, to: suite, schema: schema, reverting: reverting)
    }

    /// How an undo is reported: one `key: new -> old` line per key, sorted.
    ///
    /// - Parameter schema: The suite's schema: a value it marks secret is masked unless `--reveal` was given.
    /// - Returns: The lines.
    public func lines(schema: PreferenceSchema?) -> [String] {
        before.keys.sorted().map { key in
            let show = { (value: PropertyListValue?) in
                value.map { ValueText.inline($0, entry: schema?.entry(forStoredKey: key)) } ?? "(unset)"
            }
            return "\(ValueText.key(key)): \(show(after[key] ?? nil)) -> \(show(before[key] ?? nil))"
        }
    }
}
