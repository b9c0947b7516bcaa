import Foundation
import PrefsKit
import PrefsTools

extension EditorModel {
    /// `u` puts back what the newest write of this session replaced.
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
        if write(suite: step.suite, changes: step.before, done: "undone: \(step.label)", recording: false) {
            undoStack.removeLast()
            redoStack.append(step)
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
        if write(suite: step.suite, changes: step.after, done: "redone: \(step.label)", recording: false) {
            redoStack.removeLast()
            undoStack.append(step)
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
