import Foundation
import PrefsKit

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
        guard force || isCurrent(step.after, in: step.suite) else {
            pendingRepeat = .undo
            say("another process changed \(Self.keys(step)) since; u again undoes anyway")
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
        guard force || isCurrent(step.before, in: step.suite) else {
            pendingRepeat = .redo
            say("another process changed \(Self.keys(step)) since; ctrl-r again redoes anyway")
            return
        }
        if write(suite: step.suite, changes: step.after, done: "redone: \(step.label)", recording: false) {
            redoStack.removeLast()
            undoStack.append(step)
        }
    }

    /// Whether a suite still holds these values, as this editor left them.
    private func isCurrent(_ values: [String: PropertyListValue?], in name: String) -> Bool {
        guard let suite = try? data.suite(name) else { return false }
        return values.allSatisfy { suite.primitiveValue(forKey: $0.key) == $0.value }
    }

    private static func keys(_ step: HistoryStep) -> String {
        let names = step.after.keys.sorted()
        guard names.count <= 3 else { return "\(names.count) keys of \(TextEscaping.quoted(step.suite))" }
        return names.map { TextEscaping.quoted($0) }.joined(separator: ", ")
    }
}
