extension String: PrimitiveKeyValuePersistible {
    public static var primitiveKind: PrimitiveKind { .string }

    public func primitiveValue() -> PropertyListValue { .string(self) }

    @inlinable
    public init(primitiveValue: PropertyListValue) throws(PersistentValueDecodingError) {
        guard case .string(let value) = primitiveValue else {
            throw .wrongType(expected: .string, found: primitiveValue)
        }
        self = value
    }
}
