/// A key that maps an identifier to a strongly typed value with an explicit default.
///
/// Every key-based API takes a `PersistentKeyProtocol`; ``PersistentKey`` and ``PersistentDebugKey`` conform. Define
/// keys as static accessors so that call sites read `store.get(.theme)`:
///
/// ```swift
/// extension PersistentKeyProtocol where Self == PersistentKey<Date> {
///     static var mostRecentLaunchDate: Self {
///         Self("MostRecentLaunchDate", defaultValue: .distantPast)
///     }
/// }
/// ```
public protocol PersistentKeyProtocol<Value>: Sendable {
    /// The type of the key's values.
    associatedtype Value: Sendable

    /// The identifier the value is stored under. It must be unique within a store.
    var id: String { get }

    /// The value read when the key is unset, or when what is stored cannot be read as a `Value`.
    var defaultValue: Value { get }

    /// How values are converted to and from their stored form.
    var representation: any PersistentKeyValueRepresentation<Value> { get }

    /// The key's summary, description and allowed range, for the schema and the editor.
    var metadata: PersistentKeyMetadata { get }

    /// The identifiers the key was stored under before a rename, newest first: ``metadata``'s, which a read of an
    /// unset key asks for without building the rest.
    var formerIDs: [String] { get }

    /// Whether this is a debug key, whose value can change only in debug builds.
    var isDebug: Bool { get }

    /// Whether stored values and writes take effect. `false` for a debug key in a release build, whose value is always
    /// its release default.
    var isMutable: Bool { get }
}

// MARK: - Default implementations

extension PersistentKeyProtocol {
    // Inlinable, as every part of a typed read is: a read asks whether its key is mutable.
    @inlinable public var isDebug: Bool { false }

    @inlinable public var formerIDs: [String] { metadata.formerIDs }

    @inlinable public var isMutable: Bool { true }
}

// MARK: - API

extension PersistentKeyProtocol {
    /// Encodes a value of this key to the primitive a store holds.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The primitive, or `nil` when the value is stored as the key's absence.
    /// - Throws: ``PersistentValueEncodingError`` when the representation cannot encode it.
    public func encode(_ value: Value) throws(PersistentValueEncodingError) -> PropertyListValue? {
        try representation.encode(value)
    }

    /// The stored form of the default value, or `nil` when the default is stored as absence.
    public var encodedDefaultValue: PropertyListValue? {
        try? representation.encode(defaultValue)
    }

    /// Works out the value a read returns, and why, from what a store holds and any launch-argument override.
    ///
    /// A launch argument that parses as this key's type wins. One that does not is ignored, never without a word: the
    /// inspection names it in ``PersistentValueInspection/ignoredLaunchArgument``, and the first read of the key in
    /// this process reports it through ``PrefsLogging/logger`` (standard error by default). Otherwise the stored
    /// primitive is decoded, and anything that is absent, of the wrong type or undecodable reads as the default.
    ///
    /// - Parameters:
    ///   - stored: The primitive the store holds for this key, if any.
    ///   - launchArgument: The text given on the command line as `-<id> <text>`, if any.
    ///   - source: The layer `stored` comes from (``SystemLayers/resolve(_:user:)``); the user's by default.
    /// - Returns: The value with its status.
    public func resolve(
        stored: PropertyListValue?, launchArgument: String?, source: ValueSource = .user
    ) -> PersistentValueInspection<Value> {
        guard isMutable else {
            return PersistentValueInspection(value: defaultValue, status: .fixedInRelease, stored: stored)
        }
        var ignored: IgnoredLaunchArgument?
        if let launchArgument {
            switch decodeLaunchArgument(launchArgument) {
            case .success(let value):
                return PersistentValueInspection(value: value, status: .launchArgument(launchArgument), stored: stored)
            case .failure(let reason):
                ignored = IgnoredLaunchArgument(key: id, text: launchArgument, reason: reason.reason)
                ignored?.reportOnce()
            }
        }
        guard let stored else {
            // A lock with no system value fixes the key at its default; anything else absent is the default's.
            let absent: ValueSource = if case .locked = source { source } else { .default }
            return PersistentValueInspection(
                value: defaultValue, status: .absent, stored: nil, ignoredLaunchArgument: ignored, source: absent)
        }
        do {
            let value = try representation.decode(stored)
            return PersistentValueInspection(
                value: value, status: .ok, stored: stored, ignoredLaunchArgument: ignored, source: source)
        } catch {
            return PersistentValueInspection(
                value: defaultValue, status: PersistentValueStatus(error), stored: stored,
                ignoredLaunchArgument: ignored, source: source)
        }
    }

    /// The launch argument's value, or why it is not one of this key's.
    private func decodeLaunchArgument(_ text: String) -> Result<Value, LaunchArgumentRejection> {
        do {
            let primitive = try PropertyListValue(parsing: text, as: representation.descriptor.storage)
            return .success(try representation.decode(primitive))
        } catch {
            return .failure(LaunchArgumentRejection(reason: "\(error)"))
        }
    }
}
