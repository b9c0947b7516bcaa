/// A type whose values can be persisted in any ``PersistentKeyValueStore``.
///
/// Conform by naming the representation that converts the type to a primitive:
///
/// ```swift
/// extension Theme: KeyValuePersistible {
///     static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
///         RawRepresentablePersistentKeyValueRepresentation()
///     }
/// }
/// ```
public protocol KeyValuePersistible: Sendable {
    /// The representation used for values of this type, unless a key names another.
    associatedtype Representation: PersistentKeyValueRepresentation<Self>

    /// The representation used for values of this type, unless a key names another.
    static var persistentKeyValueRepresentation: Representation { get }
}
