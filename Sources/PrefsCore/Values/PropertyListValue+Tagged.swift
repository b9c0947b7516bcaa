#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PropertyListValue {
    /// A value in its tagged JSON form (`{"int":5}`, `{"array":[{"string":"a"}]}`), as its `Codable` conformance,
    /// the journal and the PostgreSQL store write it, or `nil` when the JSON is not that form.
    ///
    /// It reads what `JSONDecoder` would, in a fraction of the time: the journal and a database row are read one
    /// value at a time, thousands at once.
    ///
    /// - Parameter tagged: Parsed JSON, whose depth the parser bounded.
    package init?(tagged: JSONValue) {
        guard case .object(let object) = tagged, object.count == 1, let (tag, payload) = object.first else {
            return nil
        }
        switch (tag, payload) {
        case ("bool", .bool(let flag)): self = .bool(flag)
        case ("int", .number(let text)):
            guard let value = PropertyListValue.integer(parsing: text) ?? Self.jsonInteger(text).map({ .int($0) })
            else { return nil }
            self = value
        case ("double", .number(let text)):
            guard let number = Double(text) else { return nil }
            self = .double(number)
        case ("string", .string(let text)): self = .string(text)
        case ("data", .string(let text)), ("date", .string(let text)):
            guard let value = try? PropertyListValue(parsing: text, as: tag == "data" ? .data : .date) else {
                return nil
            }
            self = value
        case ("array", .array(let elements)):
            var values: [PropertyListValue] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard let value = PropertyListValue(tagged: element) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case ("dictionary", .object(let elements)):
            var values: [String: PropertyListValue] = [:]
            for (key, element) in elements {
                guard let value = PropertyListValue(tagged: element) else { return nil }
                values[key] = value
            }
            self = .dictionary(values)
        default:
            return nil
        }
    }

    /// How deeply a tagged value's JSON may nest: two levels for each level a property list may have.
    package static let taggedMaximumDepth = 2 * JSONValue.defaultMaximumDepth + 2

    /// A value in its tagged JSON form, from text, or `nil` when the text is not that form.
    ///
    /// - Parameter text: The JSON text; its nesting is bounded as a property list's is.
    package init?(taggedJSON text: String) {
        var text = text
        let parsed = text.withUTF8 { JSONValue.parse($0, maximumDepth: Self.taggedMaximumDepth) }
        guard let parsed else { return nil }
        self.init(tagged: parsed)
    }

    /// An integer written as JSON, which may have a fraction or an exponent when another encoder wrote it.
    package static func jsonInteger(_ text: String) -> Int? {
        Int(text) ?? Double(text).flatMap { Int(exactly: $0) }
    }
}
