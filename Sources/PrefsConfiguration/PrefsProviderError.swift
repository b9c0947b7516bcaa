public import Configuration
public import PrefsKit

/// Why the Prefs provider could not give a configuration key's value: it holds something of another type.
public struct PrefsProviderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The configuration key, dot-joined.
    public let key: String
    /// The type asked for.
    public let requested: ConfigType
    /// The kind of value stored, as the schema and the editor name it.
    public let found: PrimitiveKind

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - key: The configuration key.
    ///   - requested: The type asked for.
    ///   - found: The kind stored.
    public init(key: String, requested: ConfigType, found: PrimitiveKind) {
        self.key = key
        self.requested = requested
        self.found = found
    }

    public var description: String {
        "configuration key \(TextEscaping.quoted(key)) holds a value of type \(found), which cannot be read as "
            + "\(requested.rawValue)"
    }
}

extension PrefsProviderError: CodedError {
    public var code: ErrorCode { .invalidValue }
}
