extension Double: PrimitiveKeyValuePersistible {
    public static var primitiveKind: PrimitiveKind { .double }

    public func primitiveValue() -> PropertyListValue { .double(self) }

    /// Reads a real, or an integer widened to a real, as property lists written by hand often hold.
    public init(primitiveValue: PropertyListValue) throws(PersistentValueDecodingError) {
        switch primitiveValue {
        case .double(let value): self = value
        case .int(let value): self = Double(value)
        case .unsignedInt(let value): self = Double(value)
        default: throw .wrongType(expected: .double, found: primitiveValue)
        }
    }
}
