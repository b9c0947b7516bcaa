#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value encodes as a one-key object naming its type, so that it decodes to exactly the same value:
/// `{"int": 5}`, `{"date": "2024-05-01T12:00:00Z"}`, `{"data": "AAH/"}`, `{"array": [{"string": "a"}]}`.
///
/// Journals and machine-readable output use this form; plain JSON could not tell a date from a string. Dates keep
/// millisecond precision, finer than the whole seconds an XML property list keeps.
extension PropertyListValue: Codable {
    private enum CodingKeys: String, CodingKey {
        case bool, int, double, string, data, date, array, dictionary
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let key = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "expected one key naming the value's type"))
        }
        switch key {
        case .bool: self = .bool(try container.decode(Bool.self, forKey: key))
        case .int:
            // Integers above Int.max, which property lists hold, decode as unsigned.
            if let value = try? container.decode(Int.self, forKey: key) {
                self = .int(value)
            } else {
                self = .unsignedInt(try container.decode(UInt64.self, forKey: key))
            }
        case .double: self = .double(try container.decode(Double.self, forKey: key))
        case .string: self = .string(try container.decode(String.self, forKey: key))
        case .array: self = .array(try container.decode([PropertyListValue].self, forKey: key))
        case .dictionary: self = .dictionary(try container.decode([String: PropertyListValue].self, forKey: key))
        case .data, .date:
            let text = try container.decode(String.self, forKey: key)
            let kind: PrimitiveKind = key == .data ? .data : .date
            do {
                self = try PropertyListValue(parsing: text, as: kind)
            } catch {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.description)
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .int(let value): try container.encode(value, forKey: .int)
        case .unsignedInt(let value): try container.encode(value, forKey: .int)
        case .double(let value): try container.encode(value, forKey: .double)
        case .string(let value): try container.encode(value, forKey: .string)
        case .data(let value): try container.encode(value.base64EncodedString(), forKey: .data)
        case .date: try container.encode(text, forKey: .date)
        case .array(let elements): try container.encode(elements, forKey: .array)
        case .dictionary(let elements): try container.encode(elements, forKey: .dictionary)
        }
    }
}
