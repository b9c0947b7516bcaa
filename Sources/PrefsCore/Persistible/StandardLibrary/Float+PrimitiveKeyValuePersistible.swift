extension Float: PrimitiveKeyValuePersistible {
    /// Floats are stored as reals, because a property list has one real type.
    public static var primitiveKind: PrimitiveKind { .double }

    public func primitiveValue() -> PropertyListValue { .double(Double(self)) }

    public init(primitiveValue: PropertyListValue) throws(PersistentValueDecodingError) {
        self = Float(try Double(primitiveValue: primitiveValue))
    }
}
