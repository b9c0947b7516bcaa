import PrefsCore
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension EditorModel {
    /// Enter on a key: a Boolean toggles, a key with choices opens a picker, anything else opens the line editor on
    /// its current value, as text that the key's schema (or, without one, the stored value's type) parses back.
    func beginEditing() {
        guard let suite = currentSuite, let row = selectedKey else { return }
        if row.storage == .bool { return toggleSelectedBool() }
        // A hidden secret is replaced, never shown to be edited: the line starts empty, and a picker marks no choice.
        let hidden = hidesValue(suite: suite, key: row.key)
        if let entry = row.entry, !entry.choices.isEmpty {
            // The default is marked, as dconf-editor and GNOME Settings do, so a reset's result is known beforehand;
            // not a hidden secret's, whose choices say nothing of what is stored.
            let labels = entry.choices.map { choice in
                TextEscaping.escaped(entry.render(choice), escapingBackslashes: false)
                    + (!hidden && choice == entry.defaultValue ? "  (default)" : "")
            }
            modal.picker = ChoicePicker(
                purpose: .value(suite: suite, key: row.key, values: entry.choices),
                title: TextEscaping.escaped(row.key), labels: labels,
                selected: hidden ? 0 : row.effective.flatMap { entry.choices.firstIndex(of: $0) } ?? 0)
            modal.picker?.original = row.stored
            return
        }
        let text = hidden ? "" : row.effective.map { row.entry?.render($0) ?? $0.text } ?? ""
        modal.editing = EditSession(suite: suite, key: row.key, original: row.stored, line: LineEditor(text))
    }

    /// Keys typed while editing: the line editor takes them; Enter saves, Esc cancels.
    func handleEditing(_ event: InputEvent) {
        guard let purpose = modal.editing?.purpose else { return }
        switch event {
        case .key(.escape), .key(.enter): break
        case .key(.tab) where purpose == .command || purpose == .path: break
        default:
            // In place, with no copy of the session alive: a copy would share the line's storage, so each key of a
            // paste would copy the whole line (a megabyte pasted took minutes).
            // `modal` is stored: its modify accessor mutates in place, where `editing`'s get and set would copy.
            modal.editing?.line.handle(event)
            modal.editing?.error = nil
            return
        }
        guard var session = modal.editing else { return }
        switch event {
        case .key(.escape):
            modal.editing = nil
            navigation.keyToSelect = nil
            switch session.purpose {
            case .newKeyName: say("no key was added")
            case .newSuiteName: say("no suite was created")
            case .command, .path: say("")
            case .value: say("not written: editing cancelled")
            }
        case .key(.enter) where session.purpose == .newKeyName:
            nameNewKey(&session)
        case .key(.enter) where session.purpose == .newSuiteName:
            nameNewSuite(&session)
        case .key(.enter) where session.purpose == .command:
            runCommand(session)
        case .key(.tab) where session.purpose == .command:
            completeCommand(&session)
            modal.editing = session
        case .key(.enter) where session.purpose == .path:
            modal.editing = nil
            openPath(session.line.text.trimmingWhiteSpace())
        case .key(.tab) where session.purpose == .path:
            completePath(&session, typed: session.line.text)
            modal.editing = session
        case .key(.enter):
            save(&session)
        default:
            break
        }
    }

    /// Notes a change another process made to the key being edited or picked, so that saving does not silently
    /// overwrite it.
    func noticeChangeWhileEditing(_ changes: [PersistentKeyValueChange]) {
        for change in changes {
            if var session = modal.editing, change.suite == session.suite, change.key == session.key {
                session.changedUnderneath = .some(change.newValue)
                modal.editing = session
                // A warning already shown names the value as it is now, not as it was when first said.
                if session.error == Self.overwriteWarning {
                    say(changedUnderneathWarning(key: session.key, in: session.suite, now: change.newValue))
                }
            }
            if var open = modal.picker, change.suite == open.target.suite, change.key == open.target.key {
                open.changedUnderneath = .some(change.newValue)
                modal.picker = open
            }
        }
    }

    /// What to say when another process changed a key that is being edited: its value as every view shows it.
    func changedUnderneathWarning(key: String, in suite: String, now value: PropertyListValue?) -> String {
        let now = value.map { shown($0, suite: suite, key: key) } ?? "removed"
        return
            "\(TextEscaping.escaped(key)) was changed by another process to \(now); Enter overwrites it, Esc keeps it"
    }

    /// What the status line says once a key is written: its value as every view shows it.
    func writtenMessage(key: String, in suite: String, _ value: PropertyListValue) -> String {
        "\(TextEscaping.escaped(key)) = \(shown(value, suite: suite, key: key))"
    }

    private func save(_ session: inout EditSession) {
        let row = rows.keyRows.row(for: session.key)
        let value: PropertyListValue
        do {
            value = try parse(session.line.text, key: session.key, in: session.suite, for: row, as: session.kind)
        } catch {
            session.error = "\(error)"
            modal.editing = session
            return
        }
        if let changed = session.changedUnderneath, session.error != Self.overwriteWarning {
            session.error = Self.overwriteWarning
            modal.editing = session
            say(changedUnderneathWarning(key: session.key, in: session.suite, now: changed))
            return
        }
        modal.editing = nil
        // What was confirmed (the value shown in the warning), else what the edit began from.
        let expected = session.changedUnderneath ?? session.original
        requestKeyWrite(
            session.key, in: session.suite, value, over: expected,
            done: writtenMessage(key: session.key, in: session.suite, value),
            then: .edit(session, expected: expected))
    }

    static let overwriteWarning = "changed underneath"

    /// Reads edited text as a key's value by the rules of `prefs write` (``PrefsTools/WriteRequest``): printable
    /// text, then its schema, else the type it holds (or `kind`, for a new key), else a string.
    ///
    /// Without a schema a collection's elements have no declared type, so any JSON of the same shape is taken: what
    /// an element happens to hold now is not a rule for the next one.
    func parse(_ text: String, key: String, in suite: String, for row: KeyRow?, as kind: PrimitiveKind?) throws
        -> PropertyListValue
    {
        var existing = row?.stored
        var type: ValueText.ValueType?
        if existing == nil, let kind {
            type = ValueText.ValueType(kind: kind)
            // A new collection: an empty one of that shape makes the text keep it.
            if case .dictionary = kind { existing = .dictionary([:]) } else if type == nil { existing = .array([]) }
        }
        // The editor writes keys its schema does not declare, as `prefs write --force` does: it shows them.
        let request = WriteRequest(suite: suite, key: key, value: text, type: type, force: true)
        return try request.parsed(schema: data.schema(for: suite), existing: existing)
    }
}
