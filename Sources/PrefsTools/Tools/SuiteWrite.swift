public import PrefsCore

/// The one write every action ends in: `prefs write`, `delete`, `import`, `undo` and `redo`, and every edit of the
/// editor (a typed value, Space, `+` and `-`, a choice picked, a reset, an undo).
///
/// A value the suite would keep otherwise than given is refused before anything is written (``StoredPrecision``);
/// then the changes are written as one write, if each key in `expecting` still holds what the caller read, checked
/// under the suite's own lock; an undo or a redo is recorded as reverting the write it names, as `prefs undo`
/// records it. Nothing here parses or validates against a schema: the actions do that before, each as its input
/// needs (text from a command line, a picked choice, a value of the history).
public enum SuiteWrite {
    /// Writes changes to a suite as one write.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to remove it.
    ///   - suite: The suite.
    ///   - schema: The suite's schema, which names a key in the error for a value the suite cannot keep.
    ///   - expecting: What each of these keys must hold now; `nil` means not stored. Empty expects nothing.
    ///   - reverting: The write this one reverts, for an undo or a redo; `nil` for a new write.
    /// - Returns: The changes that took effect, each naming its writer when the store records one.
    /// - Throws: ``ToolError`` for a value the suite cannot keep as given; the store's error, such as a key that
    ///   changed since it was read (``/PrefsCore/PersistentKeyValueStoreError``). Nothing is written then.
    @discardableResult
    public static func commit(
        _ changes: [String: PropertyListValue?], to suite: any PersistentKeyValueStore, schema: PreferenceSchema?,
        expecting: [String: PropertyListValue?] = [:], reverting: String? = nil
    ) throws -> [PersistentKeyValueChange] {
        try StoredPrecision.check(changes, in: suite, schema: schema)
        return try PersistentKeyValueChange.Writer.$revertedWrite.withValue(reverting) {
            try suite.applyChanges(changes, expecting: expecting)
        }
    }
}
