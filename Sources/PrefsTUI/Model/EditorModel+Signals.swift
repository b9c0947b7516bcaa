import PrefsCore
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension EditorModel {
    /// A signal that would end the editor.
    ///
    /// Ctrl-C and SIGTERM quit as `q` does: at once with nothing pending, else by asking whether to apply. A second one
    /// while it asks, or SIGHUP (no terminal is left to answer on), keeps the pending changes in a recovery file
    /// and ends the editor; the next start offers them back. Nothing is written to the suites either way.
    func handle(_ signal: TerminalSignal) {
        switch signal {
        case .hangup:
            keepPendingAndFinish()
        case .interrupt, .terminate:
            endingSignals += 1
            if pending.isEmpty || endingSignals >= 2 { return keepPendingAndFinish() }
            quit()
            say("\(signal == .interrupt ? "Ctrl-C" : "SIGTERM") again keeps the pending changes for the next start")
        }
    }

    /// Ends the editor, keeping its pending changes in the recovery file when it has any.
    private func keepPendingAndFinish() {
        confirmation = nil
        isFinished = true
        guard !pending.isEmpty else { return }
        let count = "\(pending.count) pending change\(pending.count == 1 ? "" : "s")"
        do {
            let file = try recovery.save(pending.changes)
            exitNote = "kept \(count) in \(file.path); prefs tui offers them at its next start"
        } catch {
            exitNote = "could not keep \(count): \(SystemErrorText.reason(error)); they are lost"
        }
    }

    /// Asks, at start, whether to restore the changes an editor on this store kept when it ended.
    func offerRecovery() {
        guard let found = recovery.found(), !found.changes.isEmpty else { return }
        offeredRecovery = found
        let count = "\(found.changes.count) pending change\(found.changes.count == 1 ? "" : "s")"
        confirmation = Confirmation(
            question: "Restore the \(count) an editor kept when it closed at "
                + "\(data.timeText(found.saved))? (y restore, n discard, esc keep for later)",
            action: .restorePending)
    }

    /// The answer to ``offerRecovery()``: `y` puts the changes back as pending, in delayed mode, for `A` to apply;
    /// each keeps the value it was made against, so one another process changed since is marked as a conflict.
    func answerRestore(_ event: InputEvent) {
        guard let found = offeredRecovery else { return }
        offeredRecovery = nil
        switch event {
        case .character("y"), .character("Y"):
            for change in found.changes where pendingChange(suite: change.suite, key: change.key) == nil {
                restorePending(change)
            }
            pending.isDelayed = true
            recovery.remove(found.files)
            say("restored \(found.changes.count) pending: A applies, D dismisses, p lists")
        case .character("n"), .character("N"):
            recovery.remove(found.files)
            let count = "\(found.changes.count) kept change\(found.changes.count == 1 ? "" : "s")"
            say("discarded \(count); nothing was written")
        default:
            say("kept for later: the next start offers them again")
        }
        refresh()
    }
}
