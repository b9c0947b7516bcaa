import PrefsCore
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension EditorModel {
    /// The types a new key can take, in the order the picker lists them.
    static let newKeyKinds: [(kind: PrimitiveKind, label: String)] = [
        (.string, "string"), (.int, "int"), (.double, "double"), (.bool, "bool"), (.date, "date (ISO 8601)"),
        (.data, "data (base64)"), (.array(nil), "array (JSON)"), (.dictionary(nil), "dictionary (JSON)"),
    ]

    /// `a` on a suite without a schema asks for a key's name, then its type, then its value; a schema declares the
    /// keys of its suite, so there it explains instead.
    func beginAddingKey() {
        guard let suite = currentSuite else {
            return say("open a suite to add a key to it")
        }
        guard data.schema(for: suite) == nil else {
            return say(
                "\(TextEscaping.quoted(suite)) has a schema, which declares its keys; a key can only be added to a suite without one"
            )
        }
        guard !readOnly else { return say("read-only: nothing was written") }
        modal.editing = EditSession(suite: suite, key: "", original: nil, line: LineEditor(""), purpose: .newKeyName)
    }

    /// Enter on a new key's name: a usable name that is not taken leads to the type picker.
    func nameNewKey(_ session: inout EditSession) {
        let name = session.line.text
        let stored = (try? data.suite(session.suite).primitiveValue(forKey: name)) ?? nil
        if name.isEmpty {
            session.error = "a key needs a name"
        } else if let refusal = Self.refusal(ofKeyName: name) {
            session.error = refusal
        } else if stored != nil {
            session.error = "\(TextEscaping.quoted(name)) already exists; Enter on it edits its value"
        } else {
            modal.editing = nil
            modal.picker = ChoicePicker(
                purpose: .newKeyType(suite: session.suite, key: name, kinds: Self.newKeyKinds.map(\.kind)),
                title: "type of \(name)", labels: Self.newKeyKinds.map(\.label))
            return
        }
        modal.editing = session
    }

    /// Why `prefs write` would refuse a key's name, if it would.
    static func refusal(ofKeyName name: String) -> String? {
        do {
            try ValueText.checkKeyName(name)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// `n` on the suites screen asks for a new suite's name, then opens it, empty: `a` adds its first key, which
    /// creates it.
    func beginAddingSuite() {
        modal.editing = EditSession(suite: "", key: "", original: nil, line: LineEditor(""), purpose: .newSuiteName)
    }

    /// Enter on a new suite's name: a name the store takes, not used yet, opens the new suite.
    func nameNewSuite(_ session: inout EditSession) {
        let name = session.line.text
        if name.isEmpty {
            session.error = "a suite needs a name"
        } else if data.suiteNames().contains(name) {
            session.error = "\(TextEscaping.quoted(name)) already exists"
        } else {
            do {
                _ = try data.suite(name)
                modal.editing = nil
                navigation.stack.append(.keys(suite: name))
                filter.text = ""
                refresh()
                return say("new suite \(TextEscaping.escaped(name)): a adds its first key, which creates it")
            } catch {
                session.error = "\(error)"
            }
        }
        modal.editing = session
    }

    /// After the type: a Boolean is picked, anything else typed, starting from an example of its form.
    func askValueOfNewKey(suite: String, key: String, kind: PrimitiveKind) {
        // Once written, the new key is selected.
        navigation.keyToSelect = key
        switch kind {
        case .bool:
            modal.picker = ChoicePicker(
                purpose: .value(suite: suite, key: key, values: [.bool(true), .bool(false)]), title: key,
                labels: ["true", "false"])
        default:
            let template =
                switch kind {
                case .date: PropertyListValue.date(Date()).text
                case .array: "[]"
                case .dictionary: "{}"
                default: ""
                }
            modal.editing = EditSession(
                suite: suite, key: key, original: nil, line: LineEditor(template), purpose: .value, kind: kind)
        }
    }
}
