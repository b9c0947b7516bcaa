/// A representation that stores a value as the string its `LosslessStringConvertible` conformance gives.
///
/// ```swift
/// extension Character: KeyValuePersistible {
///     static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
///         LosslessStringConvertiblePersistentKeyValueRepresentation()
///     }
/// }
/// ```
public struct LosslessStringConvertiblePersistentKeyValueRepresentation<Value: LosslessStringConvertible>:
    PersistentKeyValueRepresentation
{
    /// Creates the representation.
    public init() {}

    public var descriptor: PersistentValueDescriptor {
        PersistentValueDescriptor(kind: .string, storage: .string, typeName: String(describing: Value.self))
    }

    public func encode(_ value: Value) -> PropertyListValue? {
        .string(value.description)
    }

    public func decode(_ stored: PropertyListValue) throws(PersistentValueDecodingError) -> Value {
        guard case .string(let text) = stored else { throw .wrongType(expected: .string, found: stored) }
        guard let value = Value(text) else {
            throw .undecodable(stored: stored, reason: "\(text) is not a valid \(Value.self)")
        }
        return value
    }
}
