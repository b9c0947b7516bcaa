/// A representation that stores a value as another persistible type, its proxy.
///
/// This is the building block of the other representations. A proxy may itself be stored through a proxy; there is
/// no limit to the depth.
///
/// ```swift
/// extension Date: KeyValuePersistible {
///     static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
///         ProxyPersistentKeyValueRepresentation(
///             to: \.timeIntervalSinceReferenceDate,
///             from: Date.init(timeIntervalSinceReferenceDate:)
///         )
///     }
/// }
/// ```
public struct ProxyPersistentKeyValueRepresentation<Value, Proxy: KeyValuePersistible>: PersistentKeyValueRepresentation
{
    private let toProxy: @Sendable (Value) -> Proxy
    private let fromProxy: @Sendable (Proxy) -> Value?

    /// Creates a representation from a pair of conversions.
    ///
    /// - Parameters:
    ///   - to: Converts a value to its proxy.
    ///   - from: Converts a proxy back, or returns `nil` when no value corresponds to it; such a stored proxy reads
    ///     as the key's default and is reported as undecodable.
    public init(to: @escaping @Sendable (Value) -> Proxy, from: @escaping @Sendable (Proxy) -> Value?) {
        toProxy = to
        fromProxy = from
    }

    public var descriptor: PersistentValueDescriptor {
        var descriptor = Proxy.persistentKeyValueRepresentation.descriptor
        descriptor.typeName = String(describing: Value.self)
        return descriptor
    }

    public func encode(_ value: Value) throws(PersistentValueEncodingError) -> PropertyListValue? {
        try Proxy.persistentKeyValueRepresentation.encode(toProxy(value))
    }

    public func decode(_ stored: PropertyListValue) throws(PersistentValueDecodingError) -> Value {
        let proxy = try Proxy.persistentKeyValueRepresentation.decode(stored)
        guard let value = fromProxy(proxy) else {
            throw .undecodable(stored: stored, reason: "no \(Value.self) corresponds to \(stored.text)")
        }
        return value
    }
}
