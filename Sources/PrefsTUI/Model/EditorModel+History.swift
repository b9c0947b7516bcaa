import Foundation
import PrefsKit
import PrefsTools

extension EditorModel {
    /// `u` puts back what the newest write of this session replaced.
    ///
    /// The undo is recorded in the store's history as `prefs undo` records it, naming the write it reverts, so that
    /// `prefs redo` can make it again and `prefs undo` goes on to the write before.
    ///
    /// When another process has changed those keys since, it says so and waits for a second `u`.
    ///
    /// - Parameter force: Whether this is that second `u`.
    func undo(force: Bool) {
        guard let step = undoStack.last else {
            say("nothing to undo: no change was made in this session")
            return
        }
        let changed = changedSince(step.undo, in: step.suite)
        guard force || changed.isEmpty else {
            pendingRepeat = .undo
            say("another process changed \(Self.describe(changed, of: step.suite)) since; u again undoes anyway")
            return
        }
        let outcome = commit(
            suite: step.suite, changes: step.before, done: "undone: \(step.label)", recording: false,
            reverting: step.write)
        if outcome.written {
            undoStack.removeLast()
            // A redo reverts the undo, as `prefs redo` does.
            var undone = step
            undone.write = outcome.id
            redoStack.append(undone)
        }
    }

    /// Ctrl-R makes again the write `u` last undid.
    ///
    /// - Parameter force: Whether this is a second Ctrl-R over another process's change.
    func redo(force: Bool) {
        guard let step = redoStack.last else {
            say("nothing to redo")
            return
        }
        let changed = changedSince(step.undo.inverse, in: step.suite)
        guard force || changed.isEmpty else {
            pendingRepeat = .redo
            say("another process changed \(Self.describe(changed, of: step.suite)) since; ctrl-r again redoes anyway")
            return
        }
        let outcome = commit(
            suite: step.suite, changes: step.after, done: "redone: \(step.label)", recording: false,
            reverting: step.write)
        if outcome.written {
            redoStack.removeLast()
            var redone = step
            redone.write = outcome.id
            undoStack.append(redone)
        }
    }

    /// The keys another writer changed since the write, as `prefs undo` checks them; every key when the suite
    /// cannot be opened.
    private func changedSince(_ undo: SuiteUndo, in name: String) -> [String] {
        guard let suite = try? data.suite(name) else { return undo.after.keys.sorted() }
        return undo.changedSince(in: suite)
    }

    private static func describe(_ names: [String], of suite: String) -> String {
        guard names.count <= 3 else { return "\(names.count) keys of \(TextEscaping.quoted(suite))" }
        return names.map { TextEscaping.quoted($0) }.joined(separator: ", ")
    }
}
