/// A description of how a value is persisted: how it converts to and from the primitive form a store holds.
///
/// Representations compose: a proxy representation stores a value as another persistible type, which has a
/// representation of its own, down to a primitive. Stores never see anything but ``PropertyListValue``s, so the core
/// library knows nothing about any particular backend.
///
/// Conform a type to ``KeyValuePersistible`` by returning one of the provided representations; write a representation
/// of your own only for a storage form none of them covers.
public protocol PersistentKeyValueRepresentation<Value>: Sendable {
    /// The Swift type this representation persists.
    associatedtype Value

    /// What the schema and the editor need to know about the stored form.
    var descriptor: PersistentValueDescriptor { get }

    /// Converts a value to its stored form.
    ///
    /// - Parameter value: The value to store.
    /// - Returns: The primitive to store, or `nil` when the value is stored as the key's absence (an Optional's `nil`).
    /// - Throws: ``PersistentValueEncodingError`` when the value cannot be stored, such as a Codable value whose
    ///   encoder fails.
    func encode(_ value: Value) throws(PersistentValueEncodingError) -> PropertyListValue?

    /// Converts a stored primitive back to a value.
    ///
    /// - Parameter stored: The primitive found in a store.
    /// - Returns: The decoded value.
    /// - Throws: ``PersistentValueDecodingError/wrongType(expected:found:)`` when the primitive has the wrong shape,
    ///   or ``PersistentValueDecodingError/undecodable(stored:reason:)`` when it has the right shape but no value
    ///   corresponds to it.
    func decode(_ stored: PropertyListValue) throws(PersistentValueDecodingError) -> Value
}

// MARK: - Default implementations

extension PersistentKeyValueRepresentation {
    /// The error decoding a primitive would throw, or `nil` when it decodes.
    func failure(decoding stored: PropertyListValue) -> PersistentValueDecodingError? {
        do throws(PersistentValueDecodingError) {
            _ = try decode(stored)
            return nil
        } catch {
            return error
        }
    }
}
