#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A representation that stores a Codable value as its encoder's output: JSON data by default.
///
/// ```swift
/// struct Contact: Codable, Sendable {
///     let nickname: String
///     let dateOfBirth: Date
/// }
///
/// extension Contact: KeyValuePersistible {
///     static var persistentKeyValueRepresentation: some PersistentKeyValueRepresentation<Self> {
///         CodablePersistentKeyValueRepresentation()
///     }
/// }
/// ```
///
/// Any encoder and decoder pair whose output is persistible works, such as `PropertyListEncoder` or a coder of your
/// own that conforms to ``PersistentValueEncoder`` and ``PersistentValueDecoder``.
public struct CodablePersistentKeyValueRepresentation<
    Value: Codable, Encoder: PersistentValueEncoder, Decoder: PersistentValueDecoder
>:
    PersistentKeyValueRepresentation
where Encoder.Output: KeyValuePersistible, Encoder.Output == Decoder.Input {
    /// The encoder that produces the stored form.
    public let encoder: Encoder
    /// The decoder that reads the stored form.
    public let decoder: Decoder

    /// Creates a representation with the given coders.
    ///
    /// - Parameters:
    ///   - encoder: The encoder that produces the stored form.
    ///   - decoder: The decoder that reads it back.
    public init(encoder: Encoder, decoder: Decoder) {
        self.encoder = encoder
        self.decoder = decoder
    }

    public var descriptor: PersistentValueDescriptor {
        PersistentValueDescriptor(
            kind: .codable, storage: Encoder.Output.persistentKeyValueRepresentation.descriptor.storage,
            typeName: String(describing: Value.self))
    }

    public func encode(_ value: Value) throws(PersistentValueEncodingError) -> PropertyListValue? {
        let output: Encoder.Output
        do {
            output = try encoder.encode(value)
        } catch {
            throw PersistentValueEncodingError(typeName: String(describing: Value.self), reason: "\(error)")
        }
        return try Encoder.Output.persistentKeyValueRepresentation.encode(output)
    }

    public func decode(_ stored: PropertyListValue) throws(PersistentValueDecodingError) -> Value {
        let input = try Encoder.Output.persistentKeyValueRepresentation.decode(stored)
        do {
            return try decoder.decode(Value.self, from: input)
        } catch {
            throw .undecodable(stored: stored, reason: Self.describe(error))
        }
    }

    /// A one-line account of a decoding error that names the path to the offending value.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context, _ last: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath + (last.map { [$0] } ?? [])
            return keys.isEmpty
                ? "value" : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing \"\(path(context, key))\""
        case .valueNotFound(let type, let context): return "\(path(context)): expected \(type), found null"
        case .typeMismatch(let type, let context): return "\(path(context)): expected \(type)"
        case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

extension CodablePersistentKeyValueRepresentation where Encoder == JSONEncoder, Decoder == JSONDecoder {
    /// Creates a representation that stores the value as JSON data, with sorted keys so that equal values store
    /// equal bytes.
    public init() {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        self.init(encoder: encoder, decoder: JSONDecoder())
    }
}
