public import PrefsCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Undo and redo as `prefs undo`, `prefs redo` and the editor's `u` and Ctrl-R make them: from the suite's history
/// (``UndoHistory``), so that every one of them sees one history, whoever wrote.
public enum UndoAction {
    /// What an undo or a redo did.
    public struct Outcome: Sendable {
        /// The suite changed.
        public let suite: String
        /// The steps made, newest write first.
        public let steps: [UndoHistory.Step]
        /// The suite's schema, which renders the values and masks the secret ones.
        public let schema: PreferenceSchema?

        /// The keys the steps wrote, sorted.
        public var keys: [String] { Set(steps.flatMap(\.undo.before.keys)).sorted() }

        /// `key: now -> then` lines, secrets masked unless revealed.
        public var lines: [String] { steps.flatMap { $0.undo.lines(schema: schema) } }

        /// Prints the lines, or with `json` one object per step: `write` and its `changes` (`key`, `from`, `to`).
        public func print(json: Bool) {
            guard json else { return Output.lines(lines) }
            Output.json(
                steps.map { step in
                    [
                        "write": step.write.id.map { $0 as Any } ?? JSONValue.null,
                        "changes": step.undo.before.keys.sorted().map { key in
                            let entry = schema?.entry(forStoredKey: key)
                            return [
                                "key": key, "from": ValueText.json(step.undo.after[key] ?? nil, entry: entry),
                                "to": ValueText.json(step.undo.before[key] ?? nil, entry: entry),
                            ]
                        },
                    ] as [String: Any]
                }, pretty: true)
        }
    }

    /// Reverts the suite's newest writes, or every write made after a moment, each as a write of its own.
    ///
    /// - Parameters:
    ///   - suite: The suite's name.
    ///   - steps: How many writes, when `time` is `nil`.
    ///   - time: Undo every write made after this moment instead.
    ///   - force: Whether to revert keys another writer changed since.
    ///   - context: The store.
    /// - Returns: What was undone.
    /// - Throws: ``ToolError`` when there is nothing to undo or a key changed since (code `changed-since`); the
    ///   store's error. Nothing is written then.
    public static func undo(
        _ suite: String, steps: Int = 1, after time: Date? = nil, force: Bool = false, in context: ToolContext
    ) throws -> Outcome {
        try undo(suite, steps: steps, after: time, force: force, confirm: nil, in: context)
    }

    /// Reverts the suite's newest writes, or every write made after a moment, after showing them when they are more
    /// than one and a person can be asked.
    ///
    /// - Parameters:
    ///   - suite: The suite's name.
    ///   - steps: How many writes, when `time` is `nil`.
    ///   - time: Undo every write made after this moment instead.
    ///   - force: Whether to revert keys another writer changed since.
    ///   - confirm: Shown what would be undone when it spans more than one write, says whether to go ahead; `nil`
    ///     when nobody can be asked (a script, or `--yes`), and the undo goes ahead.
    ///   - context: The store.
    /// - Returns: What was undone.
    /// - Throws: ``ToolError`` when there is nothing to undo, a key changed since (code `changed-since`), or the
    ///   question was answered no (code `refused`); the store's error. Nothing is written then.
    public static func undo(
        _ suite: String, steps: Int, after time: Date?, force: Bool, confirm: ((Outcome) -> Bool)?,
        in context: ToolContext
    ) throws -> Outcome {
        let preview = try plan(suite, steps: steps, after: time, in: context)
        if preview.steps.count > 1, let confirm, !confirm(preview) {
            throw ToolError("nothing was undone: \(preview.steps.count) writes of \(suite) stay", code: .refused)
        }
        let target = try context.existingSuite(suite, orItsHistory: true)
        return try perform(preview.steps, on: target, suite: suite, force: force, in: context)
    }

    /// What an undo would revert, read from the history; nothing is written (`prefs undo --dry-run`).
    ///
    /// - Parameters:
    ///   - suite: The suite's name.
    ///   - steps: How many writes, when `time` is `nil`.
    ///   - time: Every write made after this moment instead.
    ///   - context: The store.
    /// - Returns: The steps an undo would make, newest first, with the schema that renders them.
    /// - Throws: ``ToolError`` when there is nothing to undo; the store's error.
    public static func plan(_ suite: String, steps: Int = 1, after time: Date? = nil, in context: ToolContext) throws
        -> Outcome
    {
        let target = try context.existingSuite(suite, orItsHistory: true)
        let planned = try UndoHistory(of: target, name: suite).undoSteps(steps, after: time)
        return Outcome(suite: suite, steps: planned, schema: try context.schema(for: suite))
    }

    /// Makes again the writes the newest undos reverted.
    ///
    /// - Parameters:
    ///   - suite: The suite's name.
    ///   - steps: How many undos to take back.
    ///   - force: Whether to overwrite keys another writer changed since.
    ///   - context: The store.
    /// - Returns: What was redone.
    /// - Throws: ``ToolError`` when there is nothing to redo or a key changed since; the store's error.
    public static func redo(_ suite: String, steps: Int = 1, force: Bool = false, in context: ToolContext) throws
        -> Outcome
    {
        let target = try context.existingSuite(suite, orItsHistory: true)
        let planned = try UndoHistory(of: target, name: suite).redoSteps(steps)
        return try perform(planned, on: target, suite: suite, force: force, in: context)
    }

    private static func perform(
        _ steps: [UndoHistory.Step], on target: any PersistentKeyValueStore, suite: String, force: Bool,
        in context: ToolContext
    ) throws -> Outcome {
        let schema = try context.schema(for: suite)
        try UndoHistory.perform(steps, on: target, force: force, schema: schema)
        return Outcome(suite: suite, steps: steps, schema: schema)
    }
}
