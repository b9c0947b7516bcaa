import PrefsCore

/// How a key of the list takes part in a rename its schema declares (`formerly:`), while a value is still stored
/// under the old name: what the editor shows as "to migrate".
///
/// Reads fall back to a key's former names until the key is written; a write through PrefsKit, the editor or
/// `prefs write` moves the value and removes the old names, and `prefs migrate SUITE` does it for every key at once.
public enum KeyMigration: Hashable, Sendable {
    /// A declared key that reads its value from a former name, stored under that name.
    case readsFormerName(String)
    /// A stored key that is a former name of a declared key.
    case formerNameOf(String)

    /// A sentence for the details pane.
    public var sentence: String {
        switch self {
        case .readsFormerName(let former):
            "to migrate: stored under its former name \(TextEscaping.quoted(former)), which reads use until the key "
                + "is written; a write here, or prefs migrate, moves it"
        case .formerNameOf(let key):
            "to migrate: a former name of \(TextEscaping.quoted(key)); a write of that key, or prefs migrate, "
                + "moves or removes it"
        }
    }
}
