/// A key that maps a unique identifier to a strongly typed value that persists between launches.
///
/// ```swift
/// extension PersistentKeyProtocol where Self == PersistentKey<RuntimeColorScheme> {
///     static var runtimeColorScheme: Self {
///         Self("RuntimeColorScheme", defaultValue: .system)
///     }
/// }
///
/// userDefaults.set(.runtimeColorScheme, to: .dark)
/// ```
///
/// Every key has an explicit default; use an Optional value type when "unset" must be told apart from every value.
public struct PersistentKey<Value: Sendable>: PersistentKeyProtocol {
    public let id: String
    public let defaultValue: Value
    public let representation: any PersistentKeyValueRepresentation<Value>
    // The metadata's parts, kept apart rather than as one ``PersistentKeyMetadata``: keys are usually computed
    // properties, built at every read, and building the struct copied it whole (an outlined copy and destroy of its
    // strings and array), which took half of a typed read.
    @usableFromInline let summary: String?
    @usableFromInline let details: String?
    @usableFromInline let range: PreferenceValueRange?
    @usableFromInline let isVolatile: Bool
    @usableFromInline let isSecret: Bool
    public let formerIDs: [String]

    public var metadata: PersistentKeyMetadata {
        PersistentKeyMetadata(
            summary: summary, description: details, range: range, isVolatile: isVolatile, isSecret: isSecret,
            formerIDs: formerIDs)
    }

    /// Creates a key with a custom representation, for a type that is not persistible or to store one key
    /// differently from its type's default.
    ///
    /// - Parameters:
    ///   - id: The identifier the value is stored under.
    ///   - defaultValue: The value read when the key is unset or unreadable.
    ///   - representation: How values are stored.
    ///   - summary: A one-line summary for the schema.
    ///   - description: A longer description for the schema.
    ///   - secret: Whether the value is a secret, shown redacted everywhere unless revealed.
    ///   - formerly: The identifiers the key was stored under before a rename, newest first: reads fall back to them,
    ///     and the first write moves the value here.
    // Inlinable, as the initializers apps call are: keys are usually computed properties, built at every read, and
    // unspecialized this looked up generic metadata at run time on each.
    @inlinable
    public init(
        _ id: String, defaultValue: Value, representation: some PersistentKeyValueRepresentation<Value>,
        summary: String? = nil, description: String? = nil, secret: Bool = false,
        formerly: [String] = []
    ) {
        self.id = id
        self.defaultValue = defaultValue
        self.representation = representation
        self.summary = summary
        self.details = description
        self.range = nil
        self.isVolatile = false
        self.isSecret = secret
        self.formerIDs = formerly
    }

    /// Creates an Optional key whose wrapped value is stored through a custom representation.
    ///
    /// ```swift
    /// Self(
    ///     "MostRecentAppStoreReviewRequestDate",
    ///     defaultValue: nil,
    ///     representation: ProxyPersistentKeyValueRepresentation(
    ///         to: { date in date.ISO8601Format() },
    ///         from: { string in try? Date.ISO8601FormatStyle().parse(string) }
    ///     )
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - id: The identifier the value is stored under.
    ///   - defaultValue: The value read when the key is unset or unreadable.
    ///   - representation: How non-`nil` values are stored; `nil` is stored as absence.
    ///   - summary: A one-line summary for the schema.
    ///   - description: A longer description for the schema.
    ///   - secret: Whether the value is a secret, shown redacted everywhere unless revealed.
    ///   - formerly: The identifiers the key was stored under before a rename, newest first: reads fall back to them,
    ///     and the first write moves the value here.
    public init<Wrapped>(
        _ id: String, defaultValue: Value, representation: some PersistentKeyValueRepresentation<Wrapped>,
        summary: String? = nil, description: String? = nil, secret: Bool = false,
        formerly: [String] = []
    ) where Value == Wrapped? {
        self.init(
            id, defaultValue: defaultValue, representation: OptionalPersistentKeyValueRepresentation(representation),
            summary: summary, description: description, secret: secret, formerly: formerly)
    }

    init(
        id: String, defaultValue: Value, representation: any PersistentKeyValueRepresentation<Value>,
        metadata: PersistentKeyMetadata
    ) {
        self.id = id
        self.defaultValue = defaultValue
        self.representation = representation
        summary = metadata.summary
        details = metadata.description
        range = metadata.range
        isVolatile = metadata.isVolatile
        isSecret = metadata.isSecret
        formerIDs = metadata.formerIDs
    }
}

extension PersistentKey where Value: KeyValuePersistible {
    /// Creates a key stored through its value type's representation.
    ///
    /// - Parameters:
    ///   - id: The identifier the value is stored under.
    ///   - defaultValue: The value read when the key is unset or unreadable.
    ///   - summary: A one-line summary for the schema.
    ///   - description: A longer description for the schema.
    ///   - secret: Whether the value is a secret, shown redacted everywhere unless revealed.
    ///   - formerly: The identifiers the key was stored under before a rename, newest first: reads fall back to them,
    ///     and the first write moves the value here.
    @inlinable
    public init(
        _ id: String, defaultValue: Value, summary: String? = nil, description: String? = nil, secret: Bool = false,
        formerly: [String] = []
    ) {
        self.init(
            id, defaultValue: defaultValue, representation: Value.persistentKeyValueRepresentation, summary: summary,
            description: description, secret: secret, formerly: formerly)
    }
}

extension PersistentKey where Value: KeyValuePersistible & BinaryInteger {
    /// Creates an integer key whose values must lie in a range when typed in through the schema.
    ///
    /// - Parameters:
    ///   - id: The identifier the value is stored under.
    ///   - defaultValue: The value read when the key is unset or unreadable.
    ///   - range: The allowed values.
    ///   - summary: A one-line summary for the schema.
    ///   - description: A longer description for the schema.
    ///   - secret: Whether the value is a secret, shown redacted everywhere unless revealed.
    ///   - formerly: The identifiers the key was stored under before a rename, newest first: reads fall back to them,
    ///     and the first write moves the value here.
    public init(
        _ id: String, defaultValue: Value, range: ClosedRange<Value>, summary: String? = nil,
        description: String? = nil, secret: Bool = false, formerly: [String] = []
    ) {
        let bounds = PreferenceValueRange.integer(Int(clamping: range.lowerBound)...Int(clamping: range.upperBound))
        self.init(
            id: id, defaultValue: defaultValue, representation: Value.persistentKeyValueRepresentation,
            metadata: PersistentKeyMetadata(
                summary: summary, description: description, range: bounds, isSecret: secret, formerIDs: formerly))
    }
}

extension PersistentKey where Value: KeyValuePersistible & BinaryFloatingPoint {
    /// Creates a real-valued key whose values must lie in a range when typed in through the schema.
    ///
    /// - Parameters:
    ///   - id: The identifier the value is stored under.
    ///   - defaultValue: The value read when the key is unset or unreadable.
    ///   - range: The allowed values.
    ///   - summary: A one-line summary for the schema.
    ///   - description: A longer description for the schema.
    ///   - secret: Whether the value is a secret, shown redacted everywhere unless revealed.
    ///   - formerly: The identifiers the key was stored under before a rename, newest first: reads fall back to them,
    ///     and the first write moves the value here.
    public init(
        _ id: String, defaultValue: Value, range: ClosedRange<Value>, summary: String? = nil,
        description: String? = nil, secret: Bool = false, formerly: [String] = []
    ) {
        let bounds = PreferenceValueRange.real(Double(range.lowerBound)...Double(range.upperBound))
        self.init(
            id: id, defaultValue: defaultValue, representation: Value.persistentKeyValueRepresentation,
            metadata: PersistentKeyMetadata(
                summary: summary, description: description, range: bounds, isSecret: secret, formerIDs: formerly))
    }
}
