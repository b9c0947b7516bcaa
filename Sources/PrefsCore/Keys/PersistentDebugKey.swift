/// A key whose value can be changed in debug builds but is fixed to its release default in release builds.
///
/// Use it for development switches that must never be flipped in production, without `#if DEBUG` at every use:
///
/// ```swift
/// extension PersistentKeyProtocol where Self == PersistentDebugKey<Bool> {
///     static var isAppStoreRatingEnabled: Self {
///         Self("IsAppStoreRatingEnabled", debugDefaultValue: false, releaseDefaultValue: true)
///     }
/// }
/// ```
///
/// - Important: The build configuration is that of PrefsKit itself, so this works when PrefsKit is built from source
///   alongside the app, as SwiftPM does.
public struct PersistentDebugKey<Value: Sendable>: PersistentKeyProtocol {
    public let id: String
    /// The default in debug builds, where stored values and writes take effect.
    public let debugDefaultValue: Value
    /// The value in release builds, where stored values and writes are ignored.
    public let releaseDefaultValue: Value
    public let representation: any PersistentKeyValueRepresentation<Value>
    public let metadata: PersistentKeyMetadata
    /// The build configuration the key behaves for.
    public let configuration: BuildConfiguration

    /// Creates a debug key with a custom representation.
    ///
    /// - Parameters:
    ///   - id: The identifier the value is stored under.
    ///   - debugDefaultValue: The default in debug builds.
    ///   - releaseDefaultValue: The fixed value in release builds.
    ///   - representation: How values are stored.
    ///   - summary: A one-line summary for the schema.
    ///   - description: A longer description for the schema.
    ///   - secret: Whether the value is a secret, shown redacted everywhere unless revealed.
    ///   - formerly: The identifiers the key was stored under before a rename, newest first.
    ///   - configuration: The build configuration to behave for; the current build's unless a test says otherwise.
    public init(
        _ id: String, debugDefaultValue: Value, releaseDefaultValue: Value,
        representation: some PersistentKeyValueRepresentation<Value>, summary: String? = nil,
        description: String? = nil, secret: Bool = false, formerly: [String] = [],
        configuration: BuildConfiguration = .current
    ) {
        self.id = id
        self.debugDefaultValue = debugDefaultValue
        self.releaseDefaultValue = releaseDefaultValue
        self.representation = representation
        self.metadata = PersistentKeyMetadata(
            summary: summary, description: description, isSecret: secret, formerIDs: formerly)
        self.configuration = configuration
    }

    public var defaultValue: Value {
        configuration == .debug ? debugDefaultValue : releaseDefaultValue
    }

    public var isDebug: Bool { true }

    public var isMutable: Bool { configuration == .debug }
}

extension PersistentDebugKey where Value: KeyValuePersistible {
    /// Creates a debug key stored through its value type's representation.
    ///
    /// - Parameters:
    ///   - id: The identifier the value is stored under.
    ///   - debugDefaultValue: The default in debug builds.
    ///   - releaseDefaultValue: The fixed value in release builds.
    ///   - summary: A one-line summary for the schema.
    ///   - description: A longer description for the schema.
    ///   - secret: Whether the value is a secret, shown redacted everywhere unless revealed.
    ///   - formerly: The identifiers the key was stored under before a rename, newest first.
    ///   - configuration: The build configuration to behave for; the current build's unless a test says otherwise.
    public init(
        _ id: String, debugDefaultValue: Value, releaseDefaultValue: Value, summary: String? = nil,
        description: String? = nil, secret: Bool = false, formerly: [String] = [],
        configuration: BuildConfiguration = .current
    ) {
        self.init(
            id, debugDefaultValue: debugDefaultValue, releaseDefaultValue: releaseDefaultValue,
            representation: Value.persistentKeyValueRepresentation, summary: summary, description: description,
            secret: secret, formerly: formerly, configuration: configuration)
    }
}
