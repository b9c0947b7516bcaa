extension Int: PrimitiveKeyValuePersistible {
    public static var primitiveKind: PrimitiveKind { .int }

    public func primitiveValue() -> PropertyListValue { .int(self) }

    public init(primitiveValue: PropertyListValue) throws(PersistentValueDecodingError) {
        guard case .int(let value) = primitiveValue else { throw .wrongType(expected: .int, found: primitiveValue) }
        self = value
    }
}
