import PrefsCore
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension EditorModel {
    /// Space on a Boolean key writes its opposite.
    func toggleSelectedBool() {
        guard let suite = currentSuite, let row = selectedKey else { return }
        guard row.storage == .bool, case .bool(let value)? = row.effective else {
            say("space toggles Boolean keys; \(TextEscaping.quoted(row.key)) is \(row.kind)")
            return
        }
        requestKeyWrite(
            row.key, in: suite, .bool(!value), over: row.stored,
            done: writtenMessage(key: row.key, in: suite, .bool(!value)))
    }

    /// `r` removes the stored value, so that the key reads as its default.
    func resetSelectedKey() {
        guard let suite = currentSuite, let row = selectedKey else { return }
        guard row.stored != nil else {
            say("\(TextEscaping.quoted(row.key)) is already at its default")
            return
        }
        requestKeyWrite(row.key, in: suite, nil, over: row.stored, done: "\(row.key) reset to its default")
    }

    /// `d` deletes a key the schema does not declare, once a second `d` confirms it; a declared key can only be reset.
    func deleteSelectedKey(confirming pending: PendingRepeat?) {
        guard let suite = currentSuite, let row = selectedKey else { return }
        let name = TextEscaping.quoted(row.key)
        if row.entry != nil {
            say("\(name) is declared in the schema: r resets it to its default")
        } else if row.stored == nil {
            say("\(name) has no stored value to delete")
        } else if pending == .delete(suite: suite, key: row.key) {
            requestKeyWrite(row.key, in: suite, nil, over: row.stored, done: "deleted \(row.key)")
        } else {
            modal.pendingRepeat = .delete(suite: suite, key: row.key)
            say("press d again to delete \(name)")
        }
    }

    /// `x` offers to recover the suite shown or selected when its file cannot be read.
    func askToRecoverSuite() {
        guard let name = currentSuite ?? selectedSuiteName else { return }
        guard let problem = data.problem(of: name) else {
            say("\(TextEscaping.quoted(name)) is readable: there is nothing to recover")
            return
        }
        guard !readOnly else {
            say("read-only: \(problem)")
            return
        }
        let canRestore = data.canRestorePrevious(of: name)
        let restore = canRestore ? ", p to restore the version the last write replaced" : ""
        modal.confirmation = Confirmation(
            question: "Move the unreadable file of \(TextEscaping.quoted(name)) aside (it is kept) and start afresh? "
                + "y to start empty\(restore), any other key to keep it as it is",
            action: .recoverSuite(name, canRestorePrevious: canRestore))
    }

    var selectedSuiteName: String? {
        selectedSuiteRow?.name
    }

    /// The answer to a question: `y` goes ahead (or `p`, to restore a previous version), anything else cancels.
    func answerConfirmation(_ event: InputEvent) {
        guard let question = modal.confirmation else { return }
        modal.confirmation = nil
        if case .recoverSuite(let name, let canRestore) = question.action {
            return answerRecovery(event, suite: name, canRestore: canRestore)
        }
        if case .restorePending = question.action { return answerRestore(event) }
        if case .quitWithPending = question.action {
            ending.endingSignals = 0
            switch event {
            case .character("y"), .character("Y"):
                applyPending(force: false, thenQuit: true)
            case .character("n"), .character("N"):
                dismissPending()
                quit()
            default: say("still here: \(pending.count) pending")
            }
            return
        }
        guard event == .character("y") || event == .character("Y") else {
            if case .deleteSuite = question.action { return say("nothing was deleted") }
            say("nothing was reset")
            return
        }
        switch question.action {
        case .resetSuite(let name):
            let keys = (try? data.suite(name).primitiveValues().keys).map(Array.init) ?? []
            resetKeys(keys, ofSuite: name)
        case .resetKeys(let name, let keys):
            let values = (try? data.suite(name).primitiveValues()) ?? [:]
            resetKeys(keys.filter { values[$0] != nil }, ofSuite: name, then: .clearMarks)
        case .deleteSuite(let name):
            deleteSuite(name)
        case .recoverSuite, .quitWithPending, .restorePending:
            break
        }
    }

    /// Removes keys' stored values in one write, and says how many, naming one alone.
    private func resetKeys(_ keys: [String], ofSuite name: String, then: EditorWrite.FollowUp = .none) {
        let changes = Dictionary(uniqueKeysWithValues: keys.map { ($0, PropertyListValue?.none) })
        let what = keys.count == 1 ? TextEscaping.escaped(keys[0]) : "\(keys.count) keys"
        let verb = data.schema(for: name) == nil ? "deleted" : "reset"
        request(suite: name, changes: changes, done: "\(verb) \(what) of \(name)", then: then)
    }

    private func answerRecovery(_ event: InputEvent, suite name: String, canRestore: Bool) {
        let source: SuiteRecoverySource
        switch event {
        case .character("y"), .character("Y"): source = .nothing
        case .character("p") where canRestore: source = .previous
        default: return say("nothing was moved")
        }
        do {
            let recovery = try data.recover(name, from: source)
            let moved = recovery.movedAside.map { "moved the unreadable file to \($0.lastPathComponent); " } ?? ""
            let now =
                source == .previous
                ? "restored \(recovery.keys) key\(recovery.keys == 1 ? "" : "s") from the previous version"
                : "\(name) starts afresh"
            say(TextEscaping.escaped(moved + now))
        } catch {
            say("not recovered: \(error)")
        }
        refresh()
    }
}
