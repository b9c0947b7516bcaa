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
    func applyPending(force: Bool) {
        guard !pending.isEmpty else { return say("nothing is pending") }
        let conflicts = pending.changes.filter(isConflicting)
        if !conflicts.isEmpty, !force {
            modal.pendingRepeat = .applyPending
            let names = conflicts.prefix(3).map { TextEscaping.escaped($0.key) }.joined(separator: ", ")
            return say(
                "another process changed \(conflicts.count) pending key\(conflicts.count == 1 ? "" : "s") "
                    + "(\(names)) since: A again overwrites, D dismisses")
        }
        var written = 0
        for suite in pending.suites {
            let changes = pending.changes.filter { $0.suite == suite }
            let values = Dictionary(uniqueKeysWithValues: changes.map { ($0.key, $0.value) })
            let originals = Dictionary(uniqueKeysWithValues: changes.map { ($0.key, $0.original) })
            let done = "applied \(changes.count) change\(changes.count == 1 ? "" : "s") to \(suite)"
            let result = commit(
                suite: suite, changes: values, done: done, recording: true, expecting: force ? nil : originals,
                delaying: false)
            guard result.written else { return }
            written += changes.count
            pending.drop { $0.suite == suite }
        }
        say("applied \(written) change\(written == 1 ? "" : "s")")
        if case .pending = screen { back() }
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
