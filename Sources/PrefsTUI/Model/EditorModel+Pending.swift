import PrefsCore
public import PrefsTools

extension EditorModel {
    /// Turns delayed mode on or off, for `P`.
    ///
    /// In it, edits are collected rather than written, listed with `p`, written together with `A` and dropped with
    /// `D`, as dconf-editor's delayed mode does.
    func toggleDelayedMode() {
        if pending.isDelayed, !pending.isEmpty {
            return say("\(pending.count) pending: A applies them, D dismisses them, before leaving delayed mode")
        }
        pending.isDelayed.toggle()
        say(
            pending.isDelayed
                ? "delayed mode: edits wait for A (apply) or D (dismiss); p lists them" : "edits are written at once")
    }

    /// Keeps changes for later, merging them with earlier ones to the same keys.
    ///
    /// - Returns: What to say.
    func keepPending(suite: String, changes: [String: PropertyListValue?]) -> String {
        for (key, value) in changes.sorted(by: { $0.key < $1.key }) {
            pending.hold(value, forKey: key, inSuite: suite) { (try? data.suite(suite))?.primitiveValue(forKey: key) }
        }
        return "\(pending.count) pending: A applies, D dismisses, p lists"
    }

    /// The change delayed mode holds for a key, if any.
    public func pendingChange(suite: String, key: String) -> PendingChange? {
        pending.change(suite: suite, key: key)
    }

    /// Whether another process changed a pending key since it was edited.
    public func isConflicting(_ change: PendingChange) -> Bool {
        (try? data.suite(change.suite))?.primitiveValue(forKey: change.key) != change.original
    }

    /// `A`: writes every pending change, one write per suite, each undone in one step; keys another process changed
    /// since they were edited take a second `A`.
    ///
    /// - Parameters:
    ///   - force: Whether keys another process changed since are overwritten.
    ///   - thenQuit: Whether the editor quits once every change is written.
    func applyPending(force: Bool, thenQuit: Bool = false) {
        guard !pending.isEmpty else { return say("nothing is pending") }
        let conflicts = pending.changes.filter(isConflicting)
        if !conflicts.isEmpty, !force {
            modal.pendingRepeat = .applyPending
            let names = conflicts.prefix(3).map { TextEscaping.escaped($0.key) }.joined(separator: ", ")
            return say(
                "another process changed \(conflicts.count) pending key\(conflicts.count == 1 ? "" : "s") "
                    + "(\(names)) since: A again overwrites, D dismisses")
        }
        continuePending(written: 0, remaining: pending.suites, force: force, thenQuit: thenQuit)
    }

    /// Asks for the next suite's pending changes to be written, one write per suite, each after the one before is
    /// made (``finishWrite(_:outcome:)``); once none is left, says how many were and leaves the pending list.
    ///
    /// - Parameters:
    ///   - written: How many changes the writes before made.
    ///   - remaining: The suites whose changes are still pending.
    ///   - force: Whether keys another process changed since are overwritten.
    ///   - thenQuit: Whether the editor quits once every change is written.
    func continuePending(written: Int, remaining: [String], force: Bool, thenQuit: Bool) {
        guard let suite = remaining.first else {
            say("applied \(written) change\(written == 1 ? "" : "s")")
            if case .pending = screen { back() }
            if thenQuit, pending.isEmpty { quit() }
            return
        }
        let changes = pending.changes.filter { $0.suite == suite }
        let values = Dictionary(uniqueKeysWithValues: changes.map { ($0.key, $0.value) })
        let originals = Dictionary(uniqueKeysWithValues: changes.map { ($0.key, $0.original) })
        request(
            suite: suite, changes: values,
            done: "applied \(changes.count) change\(changes.count == 1 ? "" : "s") to \(suite)",
            expecting: force ? [:] : originals, delaying: false,
            then: .pending(written: written, remaining: Array(remaining.dropFirst()), force: force, thenQuit: thenQuit))
    }

    /// `D`: drops every pending change; nothing is written.
    func dismissPending() {
        guard !pending.isEmpty else { return say("nothing is pending") }
        let count = pending.count
        pending.drop { _ in true }
        if case .pending = screen { back() }
        say("dismissed \(count) pending change\(count == 1 ? "" : "s"); nothing was written")
    }

    /// Puts back a change an editor kept, with the value it was made against.
    func restorePending(_ change: PendingChange) {
        pending.restore(change)
    }
}
