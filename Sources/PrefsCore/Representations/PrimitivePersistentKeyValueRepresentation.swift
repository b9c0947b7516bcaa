/// The representation of a ``PrimitiveKeyValuePersistible`` type: the value is stored as itself.
public struct PrimitivePersistentKeyValueRepresentation<Value: PrimitiveKeyValuePersistible>:
    PersistentKeyValueRepresentation
{
    /// Creates the representation.
    @inlinable public init() {}

    public var descriptor: PersistentValueDescriptor {
        PersistentValueDescriptor(
            kind: PreferenceValueKind(storage: Value.primitiveKind), storage: Value.primitiveKind,
            typeName: String(describing: Value.self))
    }

    public func encode(_ value: Value) throws(PersistentValueEncodingError) -> PropertyListValue? {
        try value.primitiveValue()
    }

    @inlinable
    public func decode(_ stored: PropertyListValue) throws(PersistentValueDecodingError) -> Value {
        // Each primitive checks the stored kind itself, without building a descriptor on this hot path.
        try Value(primitiveValue: stored)
    }
}
