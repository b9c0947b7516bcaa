public import PrefsKit
import PrefsTools

/// One key of a suite as the keys screen lists it.
public struct KeyRow: Hashable, Sendable {
    /// What the status mark says about the value.
    public enum Status: Hashable, Sendable {
        /// Stored, and different from the schema's default.
        case modified
        /// Not stored, or stored equal to the default.
        case atDefault
        /// Stored, but not of the key's type or not decodable as it.
        case invalid(String)
        /// Stored, in a suite whose schema does not declare it.
        case notInSchema
        /// Stored, in a suite with no schema: its type is inferred from the value.
        case untyped
        /// Stored under a name the schema declares a former name of a key: to be migrated.
        case formerName

        /// The one-character mark, in ASCII so that it shows on any terminal.
        public var mark: String {
            switch self {
            case .modified: "*"
            case .atDefault: " "
            case .invalid: "!"
            case .notInSchema: "?"
            case .untyped: "-"
            case .formerName: ">"
            }
        }
    }

    public let key: String
    public let status: Status
    /// Whether the schema marks the key as a debug key, whose stored value release builds ignore.
    public let isDebug: Bool
    /// The stored type, from the schema or inferred from the value.
    public let kind: String
    /// What the store holds.
    public let stored: PropertyListValue?
    /// What a read returns: the stored value, else the default.
    public let effective: PropertyListValue?
    /// The key's schema entry, if any.
    public let entry: PreferenceSchemaEntry?
    /// How the key takes part in a rename the schema declares (`formerly`), when its value is still to be migrated.
    public let migration: KeyMigration?

    init(
        key: String, stored: PropertyListValue?, entry: PreferenceSchemaEntry?, suiteHasSchema: Bool,
        migration: KeyMigration? = nil
    ) {
        self.key = key
        self.stored = stored
        self.entry = entry
        self.migration = migration
        isDebug = entry?.isDebug ?? false
        effective = stored ?? entry?.defaultValue
        kind = entry?.storage.description ?? stored?.kind.description ?? "?"
        if let entry {
            switch entry.status(of: stored) {
            case .absent: status = .atDefault
            case .ok: status = stored == entry.defaultValue ? .atDefault : .modified
            case let other: status = .invalid("\(other)")
            }
        } else if migration != nil {
            status = .formerName
        } else {
            status = suiteHasSchema ? .notInSchema : .untyped
        }
    }

    /// The value as one line of text, never holding a control character.
    public var valueText: String {
        guard let effective else { return "(none)" }
        return ValueText.inline(effective, entry: entry, revealed: true)
    }
}
