/// What a key declares about itself beyond its type and default: for people reading the schema, and for the checks the
/// schema applies to typed-in values.
public struct PersistentKeyMetadata: Sendable, Hashable {
    /// A one-line summary, such as "Colour theme".
    public var summary: String?
    /// A longer description of what the preference does.
    public var description: String?
    /// The allowed numeric range, when there is one.
    public var range: PreferenceValueRange?
    /// Whether the value is state the program keeps rather than a setting a person chooses (a window position, a
    /// launch count): `prefs dump --non-default` leaves it out, for people who keep their settings in git.
    public var isVolatile: Bool
    /// Whether the value is a secret, such as a token: every output shows it redacted unless asked to reveal it, the
    /// journal records only that it changed, and swift-configuration receives it marked `isSecret`.
    public var isSecret: Bool
    /// The identifiers the key was stored under before it was renamed, newest first: reads fall back to them, and the
    /// first write moves the value to ``PersistentKeyProtocol/id``.
    public var formerIDs: [String]

    /// Creates metadata.
    ///
    /// - Parameters:
    ///   - summary: A one-line summary.
    ///   - description: A longer description.
    ///   - range: The allowed numeric range.
    ///   - isVolatile: Whether the value is state the program keeps rather than a setting.
    ///   - isSecret: Whether the value is a secret, shown redacted.
    ///   - formerIDs: The identifiers the key was stored under before, newest first.
    @inlinable
    public init(
        summary: String? = nil, description: String? = nil, range: PreferenceValueRange? = nil,
        isVolatile: Bool = false, isSecret: Bool = false, formerIDs: [String] = []
    ) {
        self.isSecret = isSecret
        self.formerIDs = formerIDs
        self.summary = summary
        self.description = description
        self.range = range
        self.isVolatile = isVolatile
    }
}
