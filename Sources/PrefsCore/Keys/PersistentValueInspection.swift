/// What a read of a key found: the value it returns, and why.
///
/// A read never fails; it falls back to the key's default. An inspection says which case applied, so that the editor
/// can mark a value that is stored with the wrong type instead of quietly showing the default.
public struct PersistentValueInspection<Value> {
    /// The value a read returns.
    public let value: Value
    /// Where the value came from, or why the default was used.
    public let status: PersistentValueStatus
    /// The primitive the store holds, if any, whatever the status.
    public let stored: PropertyListValue?
    /// A launch argument given for the key that is not one of its values, and so was not used.
    public let ignoredLaunchArgument: IgnoredLaunchArgument?
    /// The layer the value comes from: a launch argument, a lock, the user, a system layer or the default.
    ///
    /// A stored value that cannot be used keeps the source that holds it, so that a person knows which file to fix.
    public let source: ValueSource

    /// Creates an inspection.
    ///
    /// - Parameters:
    ///   - value: The value a read returns.
    ///   - status: Where it came from.
    ///   - stored: The primitive the store holds.
    ///   - ignoredLaunchArgument: A launch argument for the key that was not used.
    ///   - source: The layer of `stored`; when `nil`, the user's for a stored value and the default otherwise.
    public init(
        value: Value, status: PersistentValueStatus, stored: PropertyListValue?,
        ignoredLaunchArgument: IgnoredLaunchArgument? = nil, source: ValueSource? = nil
    ) {
        self.value = value
        self.status = status
        self.stored = stored
        self.ignoredLaunchArgument = ignoredLaunchArgument
        switch status {
        case .launchArgument: self.source = .launchArgument
        case .fixedInRelease: self.source = .default
        case .absent: self.source = source ?? .default
        case .ok, .wrongType, .undecodable: self.source = source ?? .user
        }
    }
}

extension PersistentValueInspection: Sendable where Value: Sendable {}

/// Where a value that was read came from, or why the key's default was used instead.
public enum PersistentValueStatus: Sendable, Hashable {
    /// Nothing is stored; the read returned the default.
    case absent
    /// The stored value decoded; the read returned it.
    case ok
    /// A launch argument overrode the store; the read returned the argument's value. It is never written back.
    case launchArgument(String)
    /// Something of another shape is stored, such as a string for an `Int` key; the read returned the default.
    case wrongType(expected: PrimitiveKind, found: PropertyListValue)
    /// The stored value has the right shape but does not decode; the read returned the default.
    case undecodable(stored: PropertyListValue, reason: String)
    /// A debug key in a release build: the read returned the release default and writes are ignored.
    case fixedInRelease

    /// The status that corresponds to a decoding error.
    ///
    /// - Parameter error: The error.
    public init(_ error: PersistentValueDecodingError) {
        switch error {
        case .wrongType(let expected, let found): self = .wrongType(expected: expected, found: found)
        case .undecodable(let stored, let reason): self = .undecodable(stored: stored, reason: reason)
        }
    }

    /// Whether the read fell back to the default because the stored value could not be used.
    public var isProblem: Bool {
        switch self {
        case .wrongType, .undecodable: true
        case .absent, .ok, .launchArgument, .fixedInRelease: false
        }
    }
}
