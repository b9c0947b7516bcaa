/// Everything the schema knows about one key, in a form that survives a trip through a JSON manifest.
///
/// An entry built from a Swift key also keeps the key's representation, so that values typed in for a Codable or
/// enumeration key are checked by decoding them; an entry loaded from a manifest checks what the manifest records.
public struct PreferenceSchemaEntry: Sendable {
    /// The identifier the value is stored under.
    public let id: String
    /// The Swift type's name, such as `Theme`.
    public let typeName: String
    /// The kind of value a user edits.
    public let kind: PreferenceValueKind
    /// The primitive shape stored.
    public let storage: PrimitiveKind
    /// Whether the value may be absent (an Optional key).
    public let isOptional: Bool
    /// The default in stored form, or `nil` when the default is absence.
    public let defaultValue: PropertyListValue?
    /// A one-line summary.
    public var summary: String? { documentation.text.summary }
    /// A longer description.
    public var description: String? { documentation.text.description }
    /// The stored forms of the allowed values; empty when any value of the storage kind is allowed.
    public let choices: [PropertyListValue]
    /// The allowed numeric range.
    public let range: PreferenceValueRange?
    /// Whether this is a debug key.
    public let isDebug: Bool
    /// Whether the value is state the program keeps rather than a setting (``PersistentKeyMetadata/isVolatile``).
    public let isVolatile: Bool
    /// Whether the value is a secret (``PersistentKeyMetadata/isSecret``).
    public let isSecret: Bool
    /// The identifiers the key was stored under before it was renamed, newest first.
    public let formerIDs: [String]
    private(set) var decoder: (@Sendable (PropertyListValue) -> PersistentValueDecodingError?)?
    private var documentation: EntryDocumentation

    /// Creates an entry, as a manifest describes one.
    ///
    /// - Parameters:
    ///   - id: The identifier the value is stored under.
    ///   - typeName: The Swift type's name.
    ///   - kind: The kind of value a user edits.
    ///   - storage: The primitive shape stored.
    ///   - isOptional: Whether the value may be absent.
    ///   - defaultValue: The default in stored form.
    ///   - summary: A one-line summary.
    ///   - description: A longer description.
    ///   - choices: The stored forms of the allowed values.
    ///   - range: The allowed numeric range.
    ///   - isDebug: Whether this is a debug key.
    ///   - isVolatile: Whether the value is state the program keeps rather than a setting.
    ///   - isSecret: Whether the value is a secret, shown redacted.
    ///   - formerIDs: The identifiers the key was stored under before, newest first.
    public init(
        id: String, typeName: String, kind: PreferenceValueKind, storage: PrimitiveKind, isOptional: Bool = false,
        defaultValue: PropertyListValue?, summary: String? = nil, description: String? = nil,
        choices: [PropertyListValue] = [], range: PreferenceValueRange? = nil, isDebug: Bool = false,
        isVolatile: Bool = false, isSecret: Bool = false, formerIDs: [String] = []
    ) {
        self.isSecret = isSecret
        self.formerIDs = formerIDs
        self.id = id
        self.typeName = typeName
        self.kind = kind
        self.storage = storage
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.documentation = EntryDocumentation(summary: summary, description: description)
        self.choices = choices
        self.range = range
        self.isDebug = isDebug
        self.isVolatile = isVolatile
        self.decoder = nil
    }

    /// Creates the entry for a Swift key.
    ///
    /// - Parameter key: The key.
    public init<Key: PersistentKeyProtocol>(_ key: Key) {
        let descriptor = key.representation.descriptor
        let representation = key.representation
        self.init(
            id: key.id, typeName: descriptor.typeName, kind: descriptor.kind, storage: descriptor.storage,
            isOptional: descriptor.isOptional, defaultValue: key.encodedDefaultValue, summary: key.metadata.summary,
            description: key.metadata.description, choices: descriptor.choices, range: key.metadata.range,
            isDebug: key.isDebug, isVolatile: key.metadata.isVolatile, isSecret: key.metadata.isSecret,
            formerIDs: key.metadata.formerIDs)
        decoder = { stored in representation.failure(decoding: stored) }
    }

    /// Whether the entry can decode values itself, which is so for one built from a Swift key.
    public var decodesValues: Bool { decoder != nil }

    /// The entry with its summary and description read when first asked for, instead of those it has.
    ///
    /// For a source whose documentation costs more to read than the rest of the schema, so that commands that only
    /// read and write values do not pay for it.
    ///
    /// - Parameter read: Gives the summary and description; called at most once, from whichever thread first asks.
    ///   It must not wait for anything held while an entry's documentation is asked for.
    /// - Returns: The entry.
    public func documented(
        by read: @escaping @Sendable () -> (summary: String?, description: String?)
    ) -> PreferenceSchemaEntry {
        var entry = self
        entry.documentation = EntryDocumentation(reading: read)
        return entry
    }
}

extension PreferenceSchemaEntry: Hashable {
    /// Entries are equal when everything a manifest records is equal; how they check values is not compared.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.id == rhs.id && lhs.typeName == rhs.typeName && lhs.kind == rhs.kind && lhs.storage == rhs.storage
            && lhs.isOptional == rhs.isOptional && lhs.defaultValue == rhs.defaultValue && lhs.summary == rhs.summary
            && lhs.description == rhs.description && lhs.choices == rhs.choices && lhs.range == rhs.range
            && lhs.isDebug == rhs.isDebug && lhs.isVolatile == rhs.isVolatile && lhs.isSecret == rhs.isSecret
            && lhs.formerIDs == rhs.formerIDs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(typeName)
        hasher.combine(storage)
    }
}
