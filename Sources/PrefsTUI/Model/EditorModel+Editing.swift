import Foundation
import PrefsKit

extension EditorModel {
    /// Enter on a key: a Boolean toggles, anything else opens the line editor on its current value, as text that
    /// the key's schema (or, without one, the stored value's type) parses back.
    func beginEditing() {
        guard let suite = currentSuite, let row = selectedKey else { return }
        if row.kind == "bool" {
            handle(.character(" "))
            return
        }
        let text = row.effective.map { row.entry?.render($0) ?? $0.text } ?? ""
        editing = EditSession(suite: suite, key: row.key, original: row.stored, line: LineEditor(text))
    }

    /// Keys typed while editing: the line editor takes them; Enter saves, Esc cancels.
    func handleEditing(_ event: InputEvent) {
        guard var session = editing else { return }
        switch event {
        case .key(.escape):
            editing = nil
            say("not written: editing cancelled")
        case .key(.enter):
            save(&session)
        default:
            session.line.handle(event)
            session.error = nil
            editing = session
        }
    }

    /// Notes a change another process made to the key being edited, so that saving does not silently overwrite it.
    func noticeChangeWhileEditing(_ changes: [PersistentKeyValueChange]) {
        guard var session = editing else { return }
        for change in changes where change.suite == session.suite && change.key == session.key {
            session.changedUnderneath = .some(change.newValue)
        }
        editing = session
    }

    private func save(_ session: inout EditSession) {
        let row = keyRows.first { $0.key == session.key }
        let value: PropertyListValue
        do {
            value = try parse(session.line.text, for: row)
        } catch {
            session.error = "\(error)"
            editing = session
            return
        }
        if let changed = session.changedUnderneath, session.error != Self.overwriteWarning {
            let now = changed.map { TextEscaping.escaped($0.text) } ?? "removed"
            session.error = Self.overwriteWarning
            editing = session
            say("\(session.key) was changed by another process to \(now); Enter overwrites it, Esc keeps it")
            return
        }
        editing = nil
        write(suite: session.suite, changes: [session.key: value], done: "\(session.key) = \(value.text)")
    }

    private static let overwriteWarning = "changed underneath"

    private func parse(_ text: String, for row: KeyRow?) throws -> PropertyListValue {
        if let entry = row?.entry { return try entry.parse(text) }
        switch row?.stored?.kind {
        case .array?, .dictionary?:
            return try PropertyListValue(jsonText: text, as: row?.stored?.kind)
        case let kind?:
            return try PropertyListValue(parsing: text, as: kind)
        case nil:
            return .string(text)
        }
    }
}
