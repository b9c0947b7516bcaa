/// Why a stored primitive could not be read as a key's value.
///
/// A read never fails: it falls back to the key's default. This error is what ``PersistentValueStatus`` reports so that
/// the editor and the command line can show why.
public enum PersistentValueDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stored primitive has another shape than the representation stores, such as a string for an `Int` key.
    case wrongType(expected: PrimitiveKind, found: PropertyListValue)
    /// The stored primitive has the right shape but does not decode, such as a raw value no enumeration case has or
    /// JSON that does not match a Codable type. The reason is the decoder's own message.
    case undecodable(stored: PropertyListValue, reason: String)

    public var description: String {
        switch self {
        case .wrongType(let expected, let found):
            PersistentValueStatus.wrongType(expected: expected, found: found)
        case .undecodable(_, let reason):
            "cannot decode: \(TextEscaping.escaped(reason))"
        }
    }
}

/// Why a value could not be converted to its stored form.
public struct PersistentValueEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The Swift type that failed to encode.
    public let typeName: String
    /// The encoder's message.
    public let reason: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - typeName: The Swift type that failed to encode.
    ///   - reason: The encoder's message.
    public init(typeName: String, reason: String) {
        self.typeName = typeName
        self.reason = reason
    }

    public var description: String {
        "cannot encode \(typeName): \(TextEscaping.escaped(reason))"
    }
}
