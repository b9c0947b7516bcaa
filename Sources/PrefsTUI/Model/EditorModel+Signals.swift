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
            ending.endingSignals += 1
            if pending.isEmpty || ending.endingSignals >= 2 { return keepPendingAndFinish() }
            quit()
            say("\(signal == .interrupt ? "Ctrl-C" : "SIGTERM") again keeps the pending changes for the next start")
        }
    }

    /// Ends the editor, keeping its pending changes in the recovery file when it has any.
    private func keepPendingAndFinish() {
        modal.confirmation = nil
        ending.isFinished = true
        guard !pending.isEmpty else { return }
        let count = "\(pending.count) pending change\(pending.count == 1 ? "" : "s")"
        let isSecret = { (key: KeyOfSuite) in self.isSecret(suite: key.suite, key: key.key) }
        let secrets = pending.changes.filter { isSecret(KeyOfSuite(suite: $0.suite, key: $0.key)) }.count
        do {
            let file = try ending.recovery.save(pending.changes, isSecret: isSecret)
            let unkept = secrets == 0 ? "" : "; \(Self.secretChanges(secrets)) kept by name alone, to make again"
            ending.exitNote = "kept \(count) in \(file.path)\(unkept); prefs tui offers them at its next start"
        } catch {
            ending.exitNote = "could not keep \(count): \(SystemErrorText.reason(error)); they are lost"
        }
    }

    /// Asks, at start, whether to restore the changes an editor on this store kept when it ended.
    func offerRecovery() {
        guard let found = ending.recovery.found() else { return }
        if found.changes.isEmpty {
            guard !found.secretKeys.isEmpty else { return }
            ending.recovery.remove(found.files)
            return say(Self.secretsToMakeAgain(found.secretKeys))
        }
        ending.offeredRecovery = found
        let count = "\(found.changes.count) pending change\(found.changes.count == 1 ? "" : "s")"
        modal.confirmation = Confirmation(
            question: "Restore the \(count) an editor kept when it closed at "
                + "\(data.timeText(found.saved))? (y restore, n discard, esc keep for later)",
            action: .restorePending)
    }

    /// The answer to ``offerRecovery()``: `y` puts the changes back as pending, in delayed mode, for `A` to apply;
    /// each keeps the value it was made against, so one another process changed since is marked as a conflict.
    func answerRestore(_ event: InputEvent) {
        guard let found = ending.offeredRecovery else { return }
        ending.offeredRecovery = nil
        switch event {
        case .character("y"), .character("Y"):
            for change in found.changes where pendingChange(suite: change.suite, key: change.key) == nil {
                restorePending(change)
            }
            pending.isDelayed = true
            ending.recovery.remove(found.files)
            let secrets = found.secretKeys.isEmpty ? "" : "; " + Self.secretsToMakeAgain(found.secretKeys)
            say("restored \(found.changes.count) pending: A applies, D dismisses, p lists\(secrets)")
        case .character("n"), .character("N"):
            ending.recovery.remove(found.files)
            let count = "\(found.changes.count) kept change\(found.changes.count == 1 ? "" : "s")"
            say("discarded \(count); nothing was written")
        default:
            say("kept for later: the next start offers them again")
        }
        refresh()
    }

    /// "2 changes to secret keys", for the notes that say they were kept by name alone.
    private static func secretChanges(_ count: Int) -> String {
        count == 1 ? "1 change to a secret key" : "\(count) changes to secret keys"
    }

    /// What a restore says of the secret keys whose changes were kept by name alone: a secret's value never goes to
    /// disk, so its change is made again by hand.
    private static func secretsToMakeAgain(_ keys: [KeyOfSuite]) -> String {
        let names = keys.prefix(3).map { "\(TextEscaping.quoted($0.suite)) \(TextEscaping.quoted($0.key))" }
        let more = keys.count > 3 ? " and \(keys.count - 3) more" : ""
        return
            "\(secretChanges(keys.count)) (\(names.joined(separator: ", "))\(more)) not kept: a secret's value never "
            + "goes to disk; make \(keys.count == 1 ? "it" : "them") again"
    }
}
