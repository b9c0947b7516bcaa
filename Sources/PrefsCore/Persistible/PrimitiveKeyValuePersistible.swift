/// A type that stores itself directly as a ``PropertyListValue``, without a proxy.
///
/// The standard primitives conform: `Bool`, `Int`, `Double`, `Float`, `String`, `Data`, `Date`, `URL`, and arrays and
/// `[String: V]` dictionaries of persistible values. This is also the fastest way to persist a type of your own, at the
/// price of writing the conversion by hand.
public protocol PrimitiveKeyValuePersistible: KeyValuePersistible {
    /// The primitive shape values of this type are stored as.
    static var primitiveKind: PrimitiveKind { get }

    /// Converts the value to its stored form.
    ///
    /// - Throws: ``PersistentValueEncodingError`` when part of the value cannot be stored.
    func primitiveValue() throws(PersistentValueEncodingError) -> PropertyListValue

    /// Creates a value from its stored form.
    ///
    /// - Parameter primitiveValue: A primitive whose kind ``primitiveKind`` accepts.
    /// - Throws: ``PersistentValueDecodingError`` when the primitive does not correspond to a value.
    init(primitiveValue: PropertyListValue) throws(PersistentValueDecodingError)
}

// MARK: - Default implementations

extension PrimitiveKeyValuePersistible {
    /// The representation that stores the value as itself.
    @inlinable public static var persistentKeyValueRepresentation: PrimitivePersistentKeyValueRepresentation<Self> {
        PrimitivePersistentKeyValueRepresentation()
    }
}
