extension Bool: PrimitiveKeyValuePersistible {
    public static var primitiveKind: PrimitiveKind { .bool }

    public func primitiveValue() -> PropertyListValue { .bool(self) }

    public init(primitiveValue: PropertyListValue) throws(PersistentValueDecodingError) {
        guard case .bool(let value) = primitiveValue else { throw .wrongType(expected: .bool, found: primitiveValue) }
        self = value
    }
}
