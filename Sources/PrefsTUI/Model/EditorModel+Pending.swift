import PrefsKit

extension EditorModel {
    /// Turns delayed mode on or off, for `P`.
    ///
    /// In it, edits are collected rather than written, listed with `p`, written together with `A` and dropped with
    /// `D`, as dconf-editor's delayed mode does.
    func toggleDelayedMode() {
        if isDelayed, !pendingChanges.isEmpty {
            return say("\(pendingChanges.count) pending: A applies them, D dismisses them, before leaving delayed mode")
        }
        isDelayed.toggle()
        say(
            isDelayed
                ? "delayed mode: edits wait for A (apply) or D (dismiss); p lists them" : "edits are written at once")
    }

    /// Keeps changes for later, merging them with earlier ones to the same keys.
    ///
    /// - Returns: What to say.
    func keepPending(suite: String, changes: [String: PropertyListValue?]) -> String {
        for (key, value) in changes.sorted(by: { $0.key < $1.key }) {
            let id = Self.highlightKey(suite, key)
            if let index = pendingIndex[id] {
                pendingChanges[index].value = value
            } else {
                let original = (try? data.suite(suite))?.primitiveValue(forKey: key)
                pendingIndex[id] = pendingChanges.count
                pendingChanges.append(PendingChange(suite: suite, key: key, original: original, value: value))
            }
        }
        // A change back to what is stored is no change.
        dropPending { $0.value == $0.original }
        return "\(pendingChanges.count) pending: A applies, D dismisses, p lists"
    }

    /// The change delayed mode holds for a key, if any.
    public func pendingChange(suite: String, key: String) -> PendingChange? {
        pendingIndex[Self.highlightKey(suite, key)].map { pendingChanges[$0] }
    }

    /// Whether another process changed a pending key since it was edited.
    public func isConflicting(_ change: PendingChange) -> Bool {
        (try? data.suite(change.suite))?.primitiveValue(forKey: change.key) != change.original
    }

    /// `A`: writes every pending change, one write per suite, each undone in one step; keys another process changed
    /// since they were edited take a second `A`.
    func applyPending(force: Bool) {
        guard !pendingChanges.isEmpty else { return say("nothing is pending") }
        let conflicts = pendingChanges.filter(isConflicting)
        if !conflicts.isEmpty, !force {
            pendingRepeat = .applyPending
            let names = conflicts.prefix(3).map { TextEscaping.escaped($0.key) }.joined(separator: ", ")
            return say(
                "another process changed \(conflicts.count) pending key\(conflicts.count == 1 ? "" : "s") "
                    + "(\(names)) since: A again overwrites, D dismisses")
        }
        var written = 0
        for suite in Set(pendingChanges.map(\.suite)).sorted() {
            let changes = pendingChanges.filter { $0.suite == suite }
            let values = Dictionary(uniqueKeysWithValues: changes.map { ($0.key, $0.value) })
            let originals = Dictionary(uniqueKeysWithValues: changes.map { ($0.key, $0.original) })
            let done = "applied \(changes.count) change\(changes.count == 1 ? "" : "s") to \(suite)"
            let result = commit(
                suite: suite, changes: values, done: done, recording: true, expecting: force ? nil : originals,
                delaying: false)
            guard result.written else { return }
            written += changes.count
            dropPending { $0.suite == suite }
        }
        say("applied \(written) change\(written == 1 ? "" : "s")")
        if case .pending = screen { back() }
    }

    /// `D`: drops every pending change; nothing is written.
    func dismissPending() {
        guard !pendingChanges.isEmpty else { return say("nothing is pending") }
        let count = pendingChanges.count
        dropPending { _ in true }
        if case .pending = screen { back() }
        say("dismissed \(count) pending change\(count == 1 ? "" : "s"); nothing was written")
    }

    /// Puts back a change an editor kept, with the value it was made against.
    func restorePending(_ change: PendingChange) {
        pendingIndex[Self.highlightKey(change.suite, change.key)] = pendingChanges.count
        pendingChanges.append(change)
    }

    /// Removes pending changes, keeping the index in step.
    private func dropPending(where shouldDrop: (PendingChange) -> Bool) {
        pendingChanges.removeAll(where: shouldDrop)
        pendingIndex = Dictionary(
            uniqueKeysWithValues: pendingChanges.enumerated().map { (Self.highlightKey($1.suite, $1.key), $0) })
    }
}
