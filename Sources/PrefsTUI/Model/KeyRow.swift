public import PrefsCore
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
    /// The stored type, from the schema or inferred from the value; `nil` for a key with neither.
    public let storage: PrimitiveKind?
    /// What the store holds.
    public let stored: PropertyListValue?
    /// What a read returns: a locked system value, the stored value, a system layer's, else the default.
    public let effective: PropertyListValue?
    /// Where ``effective`` comes from: the user, a system layer, a lock or the default.
    public let source: ValueSource
    /// The key's schema entry, if any.
    public let entry: PreferenceSchemaEntry?
    /// How the key takes part in a rename the schema declares (`formerly`), when its value is still to be migrated.
    public let migration: KeyMigration?

    init(
        key: String, stored: PropertyListValue?, entry: PreferenceSchemaEntry?, suiteHasSchema: Bool,
        migration: KeyMigration? = nil, layers: SystemLayers = .none
    ) {
        self.key = key
        self.stored = stored
        self.entry = entry
        self.migration = migration
        isDebug = entry?.isDebug ?? false
        // The value in force: the user's, unless a lock ignores it or a system layer fills its absence.
        let (inForce, source) = layers.resolve(key, user: stored)
        self.source = source
        effective = inForce ?? entry?.defaultValue
        storage = entry?.storage ?? inForce?.kind
        if let entry {
            switch entry.status(of: inForce) {
            case .absent: status = .atDefault
            case .ok: status = inForce == entry.defaultValue ? .atDefault : .modified
            case let other: status = .invalid("\(other)")
            }
        } else if migration != nil {
            status = .formerName
        } else {
            status = suiteHasSchema ? .notInSchema : .untyped
        }
    }

    /// The stored type as the list names it: `int`, `array<string>`, `?` when unknown.
    public var kind: String { storage?.description ?? "?" }

    /// The type in full, as the details say it: an enumeration or a Codable type by its name and the shape it is
    /// stored in (`enum Theme, stored as string`), else the stored type.
    public var typeDescription: String { typeDescription(native: nil) }

    /// The type in full with the store's own words for it, where they say more (`int (GVariant i)`), said once: a
    /// store whose schema names a type by those words (GSettings' `enum` of `GVariant s`) gets
    /// `enum, stored as string (GVariant s)`, not the name twice.
    ///
    /// - Parameter native: The store's name for the stored type, if it has one.
    /// - Returns: The description.
    public func typeDescription(native: String?) -> String {
        let suffix = native.map { " (\(TextEscaping.escaped($0)))" } ?? ""
        guard let entry else { return kind + suffix }
        let name = entry.typeName == native || entry.typeName.isEmpty ? "" : " " + entry.typeName
        switch entry.kind {
        case .enum: return "enum\(name), stored as \(kind)" + suffix
        case .codable: return "\(name.isEmpty ? "Codable" : entry.typeName + " (Codable)"), stored as \(kind)" + suffix
        default: return kind + suffix
        }
    }

    /// The value as one line of text, never holding a control character.
    public var valueText: String {
        guard let effective else { return "(none)" }
        return ValueText.inline(effective, entry: entry, revealed: true)
    }
}
