/// A representation that stores a `RawRepresentable` value as its raw value.
///
/// An enumeration with `String` raw values is stored as the string, which plain `UserDefaults` code reads with
/// `string(forKey:)`. When the type is also `CaseIterable`, its cases become the key's allowed choices.
public struct RawRepresentablePersistentKeyValueRepresentation<Value: RawRepresentable>:
    PersistentKeyValueRepresentation
where Value.RawValue: KeyValuePersistible {
    /// Creates the representation.
    public init() {}

    public var descriptor: PersistentValueDescriptor {
        let raw = Value.RawValue.persistentKeyValueRepresentation
        let choices = Self.allCases().compactMap { try? raw.encode($0.rawValue) }
        return PersistentValueDescriptor(
            kind: .enum, storage: raw.descriptor.storage, choices: choices, typeName: String(describing: Value.self))
    }

    public func encode(_ value: Value) throws(PersistentValueEncodingError) -> PropertyListValue? {
        try Value.RawValue.persistentKeyValueRepresentation.encode(value.rawValue)
    }

    public func decode(_ stored: PropertyListValue) throws(PersistentValueDecodingError) -> Value {
        let rawValue = try Value.RawValue.persistentKeyValueRepresentation.decode(stored)
        guard let value = Value(rawValue: rawValue) else {
            throw .undecodable(stored: stored, reason: "\(stored.text) is not a valid \(Value.self)")
        }
        return value
    }

    /// The cases of `Value` when it is `CaseIterable`, found at run time so that every enumeration gets its choices
    /// without a second conformance.
    private static func allCases() -> [Value] {
        guard let iterable = Value.self as? any CaseIterable.Type else { return [] }
        return cases(of: iterable)
    }

    private static func cases<Iterable: CaseIterable>(of type: Iterable.Type) -> [Value] {
        type.allCases.compactMap { $0 as? Value }
    }
}
