#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue: Encodable {
    /// Encodes the value as itself: numbers as the integer or real their text spells, `null` as nil.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError.invalidValue` for a number no `Int`, `UInt64` or finite `Double` holds, which a parse
    ///   of valid JSON can give (`1e400`) but JSON text cannot carry back out.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .object(let members): try container.encode(members)
        case .array(let elements): try container.encode(elements)
        case .string(let text): try container.encode(text)
        case .bool(let flag): try container.encode(flag)
        case .null: try container.encodeNil()
        case .number(let text):
            if let integer = Int(text) {
                try container.encode(integer)
            } else if let unsigned = UInt64(text) {
                try container.encode(unsigned)
            } else if let real = Double(text), real.isFinite {
                try container.encode(real)
            } else {
                throw EncodingError.invalidValue(
                    text, .init(codingPath: encoder.codingPath, debugDescription: "\(text) is not a finite number"))
            }
        }
    }

    /// The value as JSON text, with keys sorted by their UTF-8 bytes and slashes unescaped.
    ///
    /// FoundationEssentials' `JSONEncoder` writes it, so the text is the same as every other JSON the tools print;
    /// pretty text is indented by two spaces, with `" : "` between a name and its value.
    ///
    /// - Parameter pretty: Whether to indent the text over several lines.
    /// - Returns: The text, or `nil` when a number cannot be written (see ``encode(to:)``).
    package func text(pretty: Bool = false) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
