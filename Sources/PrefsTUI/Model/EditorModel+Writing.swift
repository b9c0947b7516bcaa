public import PrefsCore
import PrefsTools

extension EditorModel {
    /// Asks for one key to be written, only if it still holds `expected` once the suite is locked, so that a change
    /// another process made, which may not have reached the editor yet, is never overwritten unseen.
    ///
    /// The value passes the one gate of every value written first (`WriteRequest.check`, as `prefs write`'s); the
    /// write itself is an effect the loop makes (``request(suite:changes:done:expecting:delaying:then:)``).
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - name: The suite.
    ///   - value: The new stored value; `nil` removes it.
    ///   - expected: What the key must hold: the value shown when the action began.
    ///   - done: What to say once written.
    ///   - then: What follows the outcome; ``EditorWrite/FollowUp/key(_:expected:)`` when `nil`.
    func requestKeyWrite(
        _ key: String, in name: String, _ value: PropertyListValue?, over expected: PropertyListValue?, done: String,
        then: EditorWrite.FollowUp? = nil
    ) {
        if let value {
            do {
                try WriteRequest.check(value, forKey: key, schema: data.schema(for: name))
            } catch {
                return say("not written: \(error)")
            }
        }
        var expecting: [String: PropertyListValue?] = [key: expected]
        // A key shown with the value of a former name it is still stored under: that name must still hold it. A suite
        // that cannot be opened has no former name to check; the write says why it cannot be made.
        if expected != nil, let suite = try? data.suite(name), suite.primitiveValue(forKey: key) == nil,
            let former = data.schema(for: name)?[key].flatMap({ suite.firstStored(among: $0.formerIDs) }),
            former.value == expected
        {
            expecting = [key: nil, former.name: expected]
        }
        request(
            suite: name, changes: [key: value], done: done, expecting: expecting,
            then: then ?? .key(key, expected: expected))
    }

    /// Asks the loop to write changes to a suite in one write, which `u` can undo; in delayed mode they are kept
    /// pending instead, once the suite is known to keep them as given, and a read-only editor is refused here.
    ///
    /// - Parameters:
    ///   - name: The suite.
    ///   - changes: The new stored value of each key; `nil` removes it.
    ///   - done: What to say once written.
    ///   - expecting: What the keys must still hold for the write to happen, checked under the suite's lock.
    ///   - delaying: Whether delayed mode keeps the changes rather than writing them; `A` writes them with `false`.
    ///   - then: What follows the outcome.
    func request(
        suite name: String, changes: [String: PropertyListValue?], done: String,
        expecting: [String: PropertyListValue?] = [:], delaying: Bool = true, then: EditorWrite.FollowUp = .none
    ) {
        // A key declared renamed takes its value from its former names until written: they go in the same write.
        let changes = SuiteMigration.movingFormerNames(changes, schema: data.schema(for: name))
        guard !readOnly else { return say("read-only: nothing was written") }
        if pending.isDelayed, delaying {
            defer { refresh() }
            do {
                // Delayed mode keeps only what could be written: the suite's precision is checked now, as the write
                // (SuiteWrite) checks it when it is made.
                try StoredPrecision.check(changes, in: try data.suite(name), schema: data.schema(for: name))
            } catch {
                return say("not written: \(error)")
            }
            return say(keepPending(suite: name, changes: changes))
        }
        modal.effects.append(
            .write(EditorWrite(suite: name, changes: changes, expecting: expecting, done: done, then: then)))
    }

    /// Takes in the outcome of a write the loop made: records it and says it, or says why not, then does what was
    /// to follow.
    ///
    /// - Parameters:
    ///   - write: The write asked for.
    ///   - outcome: The changes it made, or why it made none.
    public func finishWrite(_ write: EditorWrite, outcome: Result<[PersistentKeyValueChange], any Error>) {
        defer { refresh() }
        switch outcome {
        case .success(let made):
            data.recordWrites(made)
            sessionKeys.record(made)
            let id = made.first?.writer?.write
            data.update(write.changes.keys.map { (write.suite, $0) })
            sessionKeys.noteWrites(suite: write.suite, keys: write.changes.keys, write: id)
            say(TextEscaping.escaped(write.done))
            written(write)
        case .failure(let error):
            say("not written: \(error)")
            refused(write)
        }
    }

    /// What follows a write made.
    private func written(_ write: EditorWrite) {
        switch write.then {
        case .none, .key, .picker, .edit: break
        case .externalEdit(let edit, _): modal.externalDrafts[SuiteKey(suite: edit.suite, key: edit.key)] = nil
        case .clearMarks: sessionKeys.clearMarks(in: write.suite)
        case .pending(let count, let remaining, let force, let thenQuit):
            pending.drop { $0.suite == write.suite }
            continuePending(
                written: count + write.changes.count, remaining: remaining, force: force, thenQuit: thenQuit)
        }
    }

    /// What follows a write refused: over another process's change to the key, the action opens again or says so.
    private func refused(_ write: EditorWrite) {
        let suite: any PersistentKeyValueStore
        do {
            suite = try data.suite(write.suite)
        } catch {
            // A suite that cannot be opened tells nothing of another process's change: the refusal was said.
            return
        }
        let now = { (key: String) in suite.primitiveValue(forKey: key) }
        switch write.then {
        case .none, .clearMarks, .pending: break
        case .key(let key, let expected):
            let value = now(key)
            if value != expected { say(changedMeanwhile(key, in: write.suite, now: value)) }
        case .picker(var open, let key, let expected):
            let value = now(key)
            guard value != expected else { return }
            open.changedUnderneath = .some(value)
            open.warned = true
            modal.picker = open
            say(changedUnderneathWarning(key: key, in: write.suite, now: value))
        case .edit(var session, let expected):
            let value = now(session.key)
            guard value != expected else { return }
            // Another process got there first, unseen: the edit stays open, and Enter now overwrites that value.
            session.changedUnderneath = .some(value)
            session.error = Self.overwriteWarning
            modal.editing = session
            say(changedUnderneathWarning(key: session.key, in: session.suite, now: value))
        case .externalEdit(let edit, let text):
            if now(edit.key) != edit.original {
                sayConflict(edit, keeping: text)
            } else {
                modal.externalDrafts[SuiteKey(suite: edit.suite, key: edit.key)] = nil
            }
        }
    }

    /// What to say when a write was refused because another process changed the key meanwhile.
    func changedMeanwhile(_ key: String, in suite: String, now value: PropertyListValue?) -> String {
        let now = value.map { shown($0, suite: suite, key: key) } ?? "removed"
        return "not written: another process changed \(TextEscaping.escaped(key)) to \(now) meanwhile"
    }
}
