extension Dictionary: KeyValuePersistible, PrimitiveKeyValuePersistible
where Key == String, Value: KeyValuePersistible {
    /// A dictionary of the value's stored kind: `[String: Int]` is stored as a dictionary of integers.
    public static var primitiveKind: PrimitiveKind {
        .dictionary(Value.persistentKeyValueRepresentation.descriptor.storage)
    }

    public func primitiveValue() throws(PersistentValueEncodingError) -> PropertyListValue {
        let representation = Value.persistentKeyValueRepresentation
        var elements: [String: PropertyListValue] = [:]
        elements.reserveCapacity(count)
        for (key, value) in self {
            guard let stored = try representation.encode(value) else {
                throw PersistentValueEncodingError(typeName: "\(Self.self)", reason: "a property list cannot hold nil")
            }
            elements[key] = stored
        }
        return .dictionary(elements)
    }

    /// Decodes every value; one value of the wrong type makes the whole dictionary the wrong type.
    public init(primitiveValue: PropertyListValue) throws(PersistentValueDecodingError) {
        guard case .dictionary(let elements) = primitiveValue else {
            throw .wrongType(expected: Self.primitiveKind, found: primitiveValue)
        }
        let representation = Value.persistentKeyValueRepresentation
        var decoded: [String: Value] = [:]
        decoded.reserveCapacity(elements.count)
        for (key, element) in elements {
            do {
                decoded[key] = try representation.decode(element)
            } catch .wrongType {
                throw .wrongType(expected: Self.primitiveKind, found: primitiveValue)
            } catch {
                throw error
            }
        }
        self = decoded
    }
}
