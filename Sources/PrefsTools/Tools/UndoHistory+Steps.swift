public import PrefsCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension UndoHistory {
    /// One planned undo or redo: the write it reverts, and how.
    public struct Step: Sendable {
        /// The write reverted.
        public let write: Write
        /// What reverting it writes.
        public let undo: SuiteUndo
    }

    /// The undos that take the suite back by `steps` writes, or to how it was at `time`, newest first.
    ///
    /// - Parameters:
    ///   - steps: How many writes to undo, when `time` is `nil`.
    ///   - time: Undo every write made after this moment instead.
    /// - Returns: The steps, newest write first.
    /// - Throws: ``ToolError`` when there is nothing to undo, fewer writes than `steps`, or a write whose values were
    ///   too large to keep.
    public func undoSteps(_ steps: Int, after time: Date? = nil) throws -> [Step] {
        let chosen: [Write]
        if let time {
            // Times are shown to the millisecond: a time copied from `prefs log` names its write's millisecond.
            let limit = Int64((time.timeIntervalSince1970 * 1000).rounded())
            chosen = undoable.reversed().prefix { TimeText.milliseconds($0.time ?? .distantPast) > limit }
        } else {
            guard undoable.count >= steps else { throw shortage(of: steps, have: undoable.count, doing: "undo") }
            chosen = Array(undoable.suffix(steps).reversed())
        }
        guard !chosen.isEmpty else {
            let since = time.map { " since \(TimeText.format($0, utc: false))" } ?? ""
            throw ToolError("nothing to undo in suite \(TextEscaping.quoted(suite))\(since)", code: .nothingToUndo)
        }
        return try chosen.map { Step(write: $0, undo: try $0.undo(suite: suite)) }
    }

    /// The redos that make again the newest `steps` undone writes, newest undo first.
    ///
    /// - Throws: ``ToolError`` when there are fewer undos to redo than `steps`.
    public func redoSteps(_ steps: Int) throws -> [Step] {
        guard redoable.count >= steps else { throw shortage(of: steps, have: redoable.count, doing: "redo") }
        return try redoable.suffix(steps).reversed().map { Step(write: $0, undo: try $0.undo(suite: suite)) }
    }

    /// Makes the steps, each as a write of its own that names the write it reverts, so that `redo` can take them
    /// back one at a time.
    ///
    /// Every step is checked first against the suite as the steps before it will leave it: when another writer
    /// changed a key since, nothing is written.
    ///
    /// - Parameters:
    ///   - steps: The steps, in order.
    ///   - suite: The suite.
    ///   - force: Whether to revert keys another writer changed since.
    ///   - schema: The suite's schema: an error naming a secret key's value masks it.
    /// - Throws: ``ToolError`` naming the key changed since; the store's error. A failure after the first step says
    ///   how many were made.
    public static func perform(
        _ steps: [Step], on suite: any PersistentKeyValueStore, force: Bool = false, schema: PreferenceSchema? = nil
    ) throws {
        if !force { try check(steps, against: suite, schema: schema) }
        for (index, step) in steps.enumerated() {
            do {
                _ = try step.undo.apply(to: suite, force: force, schema: schema, reverting: step.write.id)
            } catch  where index > 0 {
                throw ToolError(
                    "\(index) of \(steps.count) steps were made, then: \(error)", code: ErrorCode(of: error))
            }
        }
    }

    /// Refuses steps when a key they revert no longer holds what the step expects, after the steps before it.
    private static func check(_ steps: [Step], against suite: any PersistentKeyValueStore, schema: PreferenceSchema?)
        throws
    {
        var simulated: [String: PropertyListValue?] = [:]
        let current = { (key: String) in simulated[key] ?? suite.primitiveValue(forKey: key) }
        for step in steps {
            // A key no step before touched is asked of the store, whose rule says what "holds" means.
            let changed = step.undo.after.keys.sorted().filter { key in
                let expected = step.undo.after[key] ?? nil
                if let value = simulated[key] { return value != expected }
                return !suite.keys(differingFrom: [key: expected]).isEmpty
            }
            if let first = changed.first { throw SuiteUndo.changedAgain(changed, now: current(first), schema: schema) }
            for (key, value) in step.undo.before { simulated[key] = .some(value) }
        }
    }

    private func shortage(of steps: Int, have: Int, doing action: String) -> ToolError {
        guard have > 0 else {
            let why =
                action == "undo" ? "its history holds no write to undo" : "nothing was undone since its last write"
            return ToolError(
                "nothing to \(action) in suite \(TextEscaping.quoted(suite)): \(why)", code: .nothingToUndo)
        }
        return ToolError(
            "suite \(TextEscaping.quoted(suite)) has \(have) write(s) to \(action), not \(steps); nothing was done",
            code: .nothingToUndo)
    }
}
