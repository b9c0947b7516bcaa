/// Unsigned 64-bit integers are stored as property-list integers, which reach `UInt64.max`: values up to `Int.max` as
/// ``PropertyListValue/int(_:)``, larger ones as ``PropertyListValue/unsignedInt(_:)``, as Foundation writes them.
extension UInt64: PrimitiveKeyValuePersistible {
    public static var primitiveKind: PrimitiveKind { .int }

    public func primitiveValue() -> PropertyListValue {
        .integer(exactly: self) ?? .unsignedInt(self)
    }

    public init(primitiveValue: PropertyListValue) throws(PersistentValueDecodingError) {
        switch primitiveValue {
        case .int(let value) where value >= 0: self = UInt64(value)
        case .unsignedInt(let value): self = value
        default: throw .wrongType(expected: .int, found: primitiveValue)
        }
    }
}
