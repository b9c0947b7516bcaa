import PrefsCore
import PrefsTools

extension EditorModel {
    /// The suite `u` and Ctrl-R act on: the one open, else the one selected on the suites screen.
    var historySuite: String? {
        if let currentSuite { return currentSuite }
        // A suite `R` deleted has left the list: `u` brings it back.
        if screen == .suites, let deleted = sessionKeys.deletedSuite { return deleted }
        return selectedSuiteRow?.name
    }

    /// `u` reverts the suite's newest write, as `prefs undo` does: from the suite's history, whoever made the write,
    /// in this session or not, and says which suite it changed.
    ///
    /// When another process has changed those keys since, it says so and waits for a second `u`.
    ///
    /// - Parameter force: Whether this is that second `u`.
    func undo(force: Bool) {
        revert(redoing: false, force: force)
    }

    /// Ctrl-R makes again the write the newest undo reverted, as `prefs redo` does.
    ///
    /// - Parameter force: Whether this is a second Ctrl-R over another process's change.
    func redo(force: Bool) {
        revert(redoing: true, force: force)
    }

    /// Calls PrefsTools' undo or redo, the one `prefs undo` and `prefs redo` call, and says what it did.
    private func revert(redoing: Bool, force: Bool) {
        let verb = redoing ? "redo" : "undo"
        guard let suite = historySuite else { return say("nothing to \(verb): open or select a suite") }
        guard !readOnly else { return say("read-only: nothing was written") }
        do {
            let outcome =
                redoing
                ? try UndoAction.redo(suite, force: force, in: data.tools)
                : try UndoAction.undo(suite, force: force, in: data.tools)
            data.update(outcome.keys.map { (suite, $0) })
            if sessionKeys.deletedSuite == suite { sessionKeys.deletedSuite = nil }
            sessionKeys.noteWrites(suite: suite, keys: outcome.keys, write: nil)
            // What the keys hold now is what :record saves; a read that fails records nothing rather than removals.
            var unrecorded = ""
            do {
                let now = try data.tools.currentValues(of: outcome.keys, inSuite: suite)
                for key in outcome.keys { sessionKeys.record(suite: suite, key: key, value: now[key]) }
            } catch {
                unrecorded = "; :record will not hold it (\(error))"
            }
            refresh()
            say("\(redoing ? "redone" : "undone") in \(suite): \(outcome.lines.joined(separator: ", "))\(unrecorded)")
        } catch let error as ToolError where error.code == .changedSince {
            modal.pendingRepeat = redoing ? .redo : .undo
            say("\(error); \(redoing ? "ctrl-r again redoes" : "u again undoes") anyway")
        } catch {
            say("\(error)")
        }
    }
}
