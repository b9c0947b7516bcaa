#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// An encoder that turns a whole Encodable value into one output, such as `JSONEncoder` producing `Data`.
///
/// This plays the part Combine's `TopLevelEncoder` plays on Apple platforms, which Linux lacks.
public protocol PersistentValueEncoder: Sendable {
    /// What the encoder produces.
    associatedtype Output

    /// Encodes a value.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The encoded output.
    /// - Throws: The encoder's own error when the value cannot be encoded.
    func encode<Value: Encodable>(_ value: Value) throws -> Output
}

/// A decoder that reads a whole Decodable value from one input, such as `JSONDecoder` reading `Data`.
public protocol PersistentValueDecoder: Sendable {
    /// What the decoder reads.
    associatedtype Input

    /// Decodes a value.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - input: The encoded value.
    /// - Returns: The decoded value.
    /// - Throws: The decoder's own error when the input does not decode.
    func decode<Value: Decodable>(_ type: Value.Type, from input: Input) throws -> Value
}

extension JSONEncoder: PersistentValueEncoder {}
extension JSONDecoder: PersistentValueDecoder {}
extension PropertyListEncoder: PersistentValueEncoder {}
extension PropertyListDecoder: PersistentValueDecoder {}
