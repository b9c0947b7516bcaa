import PrefsCore
import PrefsTools

extension EditorModel {
    /// Writes changes to a suite and says what happened; a write that succeeds can be undone.
    ///
    /// - Parameters:
    ///   - name: The suite.
    ///   - changes: The new stored value of each key; `nil` removes it.
    ///   - done: What to say once written.
    ///   - recording: Whether `u` can undo it; undo and redo themselves are not recorded.
    /// - Returns: Whether the changes were written.
    @discardableResult
    func write(suite name: String, changes: [String: PropertyListValue?], done: String, recording: Bool = true) -> Bool
    {
        commit(suite: name, changes: changes, done: done, recording: recording).written
    }

    /// Writes one key, only if it still holds `expected` once the suite is locked, so that a change another process
    /// made, which may not have reached the editor yet, is never overwritten unseen.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - name: The suite.
    ///   - value: The new stored value; `nil` removes it.
    ///   - expected: What the key must hold: the value shown when the action began.
    ///   - done: What to say once written.
    /// - Returns: `nil` when written, kept pending or refused for another reason (which is said); otherwise what the
    ///   key holds now, for the caller to show.
    func writeKey(
        _ key: String, in name: String, _ value: PropertyListValue?, over expected: PropertyListValue?, done: String
    ) -> PropertyListValue?? {
        if let value {
            // The one gate of every value written, as `prefs write`'s: a Space, a step, a pick, a document.
            do {
                try WriteRequest.check(value, forKey: key, schema: data.schema(for: name))
            } catch {
                say("not written: \(error)")
                return nil
            }
        }
        var expecting: [String: PropertyListValue?] = [key: expected]
        // A key shown with the value of a former name it is still stored under: that name must still hold it.
        if expected != nil, let suite = try? data.suite(name), suite.primitiveValue(forKey: key) == nil,
            let former = data.schema(for: name)?[key].flatMap({ suite.firstStored(among: $0.formerIDs) }),
            former.value == expected
        {
            expecting = [key: nil, former.name: expected]
        }
        let written = commit(suite: name, changes: [key: value], done: done, recording: true, expecting: expecting)
            .written
        guard !written, let suite = try? data.suite(name) else { return nil }
        let now = suite.primitiveValue(forKey: key)
        return now != expected ? .some(now) : nil
    }

    /// What to say when a write was refused because another process changed the key meanwhile.
    func changedMeanwhile(_ key: String, in suite: String, now value: PropertyListValue?) -> String {
        let now = value.map { shown($0, suite: suite, key: key) } ?? "removed"
        return "not written: another process changed \(TextEscaping.escaped(key)) to \(now) meanwhile"
    }

    /// Writes changes to a suite as ``write(suite:changes:done:recording:)`` does, and says which write of the
    /// store's history it was.
    ///
    /// - Parameters:
    ///   - name: The suite.
    ///   - changes: The new stored value of each key; `nil` removes it.
    ///   - done: What to say once written.
    ///   - recording: Whether `u` can undo it.
    ///   - reverting: The write this one reverts, for an undo or a redo: recorded in the history as `prefs undo`
    ///     records it.
    ///   - expecting: What the keys must still hold for the write to happen, checked under the suite's lock.
    ///   - delaying: Whether delayed mode keeps the changes rather than writing them; `A` writes them with `false`.
    /// - Returns: Whether the changes were written, and the write's identifier when the store gave one.
    func commit(
        suite name: String, changes: [String: PropertyListValue?], done: String, recording: Bool,
        reverting: String? = nil, expecting: [String: PropertyListValue?]? = nil, delaying: Bool = true
    ) -> (written: Bool, id: String?) {
        // A key declared renamed takes its value from its former names until written: they go in the same write.
        let changes =
            reverting == nil ? SuiteMigration.movingFormerNames(changes, schema: data.schema(for: name)) : changes
        guard !readOnly else {
            say("read-only: nothing was written")
            return (false, nil)
        }
        defer { refresh() }
        do {
            // Delayed mode keeps only what could be written: the suite's precision is checked now, as a write would.
            try StoredPrecision.check(changes, in: try data.suite(name), schema: data.schema(for: name))
        } catch {
            say("not written: \(error)")
            return (false, nil)
        }
        if pending.isDelayed, delaying, reverting == nil, recording {
            say(keepPending(suite: name, changes: changes))
            return (false, nil)
        }
        do {
            // PrefsTools' one write, as `prefs write`, `import` and `undo` make it.
            let made = try SuiteWrite.commit(
                changes, to: try data.suite(name), schema: data.schema(for: name), expecting: expecting ?? [:],
                reverting: reverting)
            data.recordWrites(made)
            sessionKeys.record(made)
            let id = made.first?.writer?.write
            data.update(changes.keys.map { (name, $0) })
            sessionKeys.noteWrites(suite: name, keys: changes.keys, write: id)
            say(TextEscaping.escaped(done))
            return (true, id)
        } catch {
            say("not written: \(error)")
            return (false, nil)
        }
    }
}
