/// A representation of an Optional: `nil` is the key's absence, and any other value is stored by the base
/// representation.
///
/// This is how a key tells "unset" from every real value: `PersistentKey<Bool?>` reads `nil` until a value is set.
public struct OptionalPersistentKeyValueRepresentation<Base: PersistentKeyValueRepresentation>:
    PersistentKeyValueRepresentation
{
    /// The representation of the wrapped value.
    public let base: Base

    /// Creates the representation over the wrapped value's representation.
    ///
    /// - Parameter base: The representation of the wrapped value.
    public init(_ base: Base) {
        self.base = base
    }

    public var descriptor: PersistentValueDescriptor {
        var descriptor = base.descriptor
        descriptor.isOptional = true
        descriptor.typeName = "Optional<\(descriptor.typeName)>"
        return descriptor
    }

    public func encode(_ value: Base.Value?) throws(PersistentValueEncodingError) -> PropertyListValue? {
        guard let value else { return nil }
        return try base.encode(value)
    }

    public func decode(_ stored: PropertyListValue) throws(PersistentValueDecodingError) -> Base.Value? {
        try base.decode(stored)
    }
}
