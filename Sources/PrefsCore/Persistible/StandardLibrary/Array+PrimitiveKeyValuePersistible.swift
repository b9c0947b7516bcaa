extension Array: KeyValuePersistible, PrimitiveKeyValuePersistible where Element: KeyValuePersistible {
    /// An array of the element's stored kind: `[Theme]` is stored as an array of strings.
    public static var primitiveKind: PrimitiveKind {
        .array(Element.persistentKeyValueRepresentation.descriptor.storage)
    }

    public func primitiveValue() throws(PersistentValueEncodingError) -> PropertyListValue {
        let representation = Element.persistentKeyValueRepresentation
        var elements: [PropertyListValue] = []
        elements.reserveCapacity(count)
        for element in self {
            guard let stored = try representation.encode(element) else {
                throw PersistentValueEncodingError(typeName: "\(Self.self)", reason: "a property list cannot hold nil")
            }
            elements.append(stored)
        }
        return .array(elements)
    }

    /// Decodes every element; one element of the wrong type makes the whole array the wrong type, so that a reader
    /// never sees a silently shortened array.
    public init(primitiveValue: PropertyListValue) throws(PersistentValueDecodingError) {
        guard case .array(let elements) = primitiveValue else {
            throw .wrongType(expected: Self.primitiveKind, found: primitiveValue)
        }
        let representation = Element.persistentKeyValueRepresentation
        var decoded: [Element] = []
        decoded.reserveCapacity(elements.count)
        for element in elements {
            do {
                decoded.append(try representation.decode(element))
            } catch .wrongType {
                throw .wrongType(expected: Self.primitiveKind, found: primitiveValue)
            } catch {
                throw error
            }
        }
        self = decoded
    }
}
