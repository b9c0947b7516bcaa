public import Foundation
public import PrefsKit

/// The typed JSON form of a suite or of a whole configuration: plain JSON whose every value names its type, so that
/// integers, reals, dates and data survive an export and an import, or a dump and a load, exactly.
///
/// ```json
/// {"format": "prefs-typed-json/1", "values": {"count": {"int": 3}, "ratio": {"double": 3}}}
/// {"format": "prefs-typed-json/1", "suites": {"com.example.app": {"count": {"int": 3}}}}
/// ```
public enum TypedDocument {
    /// The value of the document's `format` member, which tells it from a plain JSON object.
    public static let format = "prefs-typed-json/1"

    /// One suite's values as a typed document.
    public static func encode(values: [String: PropertyListValue]) -> Data {
        text(["format": format, "values": values.mapValues(ValueText.typedJSON)])
    }

    /// Several suites' values as one typed document.
    public static func encode(suites: [String: [String: PropertyListValue]]) -> Data {
        text(["format": format, "suites": suites.mapValues { $0.mapValues(ValueText.typedJSON) }])
    }

    /// The members of a typed document, or `nil` when a parsed JSON object is not one.
    ///
    /// - Parameter document: The JSON object, parsed as plain JSON.
    /// - Returns: The document's `values` or `suites` member, untyped as yet.
    static func members(of document: [String: PropertyListValue]) -> (
        values: PropertyListValue?, suites: PropertyListValue?
    )? {
        guard document["format"] == .string(format) else { return nil }
        return (document["values"], document["suites"])
    }

    /// A typed document's values.
    ///
    /// - Parameters:
    ///   - member: The document's `values` member.
    ///   - file: The document's name, for messages.
    /// - Returns: The values, by key.
    /// - Throws: ``ToolError`` naming the first key whose value is not in the typed form.
    static func values(_ member: PropertyListValue?, file: String) throws -> [String: PropertyListValue] {
        guard case .dictionary(let members)? = member else {
            throw ToolError("\(file) is a typed document without a \"values\" object")
        }
        return try members.reduce(into: [:]) { values, member in
            guard let value = untagged(member.value) else {
                throw ToolError(
                    "\(file): key \(TextEscaping.quoted(member.key)) is not a typed value such as {\"int\": 3}")
            }
            values[member.key] = value
        }
    }

    /// A typed document's suites.
    ///
    /// - Throws: ``ToolError`` naming the first suite or key that is not in the typed form.
    static func suites(_ member: PropertyListValue?, file: String) throws -> [String: [String: PropertyListValue]] {
        guard case .dictionary(let suites)? = member else {
            throw ToolError("\(file) is a typed document without a \"suites\" object")
        }
        return try suites.reduce(into: [:]) { result, suite in
            result[suite.key] = try values(suite.value, file: "\(file): suite \(TextEscaping.quoted(suite.key))")
        }
    }

    /// A value in the typed form, as JSON's parser read it (`{"double": 3}` as a dictionary holding an integer),
    /// back to the value it names; `nil` when it is not in that form.
    static func untagged(_ value: PropertyListValue) -> PropertyListValue? {
        guard case .dictionary(let object) = value, object.count == 1, let (tag, payload) = object.first else {
            return nil
        }
        switch (tag, payload) {
        case ("bool", .bool), ("int", .int), ("int", .unsignedInt), ("string", .string), ("double", .double):
            return payload
        case ("double", .int(let number)): return .double(Double(number))
        case ("double", .unsignedInt(let number)): return .double(Double(number))
        case ("data", .string(let text)): return try? PropertyListValue(parsing: text, as: .data)
        case ("date", .string(let text)): return try? PropertyListValue(parsing: text, as: .date)
        case ("array", .array(let elements)):
            let values = elements.compactMap(untagged)
            return values.count == elements.count ? .array(values) : nil
        case ("dictionary", .dictionary(let elements)):
            let values = elements.compactMapValues(untagged)
            return values.count == elements.count ? .dictionary(values) : nil
        default:
            return nil
        }
    }

    private static func text(_ object: Any) -> Data {
        Data((Output.jsonText(object, pretty: true) + "\n").utf8)
    }
}
