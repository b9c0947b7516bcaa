public import PrefsCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The typed JSON form of a suite or of a whole configuration: plain JSON whose every value names its type, so that
/// integers, reals, dates and data survive an export and an import, or a dump and a load, exactly.
///
/// ```json
/// {"format": "prefs-typed-json/1", "values": {"count": {"int": 3}, "ratio": {"double": 3}}}
/// {"format": "prefs-typed-json/1", "suites": {"com.example.app": {"count": {"int": 3}}}}
/// ```
///
/// Each value is in PrefsKit's tagged form, as ``/PrefsCore/PropertyListValue``'s `Codable` conformance writes it and
/// the journal keeps it.
public enum TypedDocument {
    /// The value of the document's `format` member, which tells it from a plain JSON object.
    public static let format = "prefs-typed-json/1"

    private struct Document: Encodable {
        let format = TypedDocument.format
        var values: [String: PropertyListValue]?
        var suites: [String: [String: PropertyListValue]]?
    }

    /// One suite's values as a typed document.
    ///
    /// - Throws: `EncodingError` for a real that is not finite, which JSON cannot hold.
    public static func encode(values: [String: PropertyListValue]) throws -> Data {
        try text(Document(values: values))
    }

    /// Several suites' values as one typed document.
    ///
    /// - Throws: `EncodingError` for a real that is not finite, which JSON cannot hold.
    public static func encode(suites: [String: [String: PropertyListValue]]) throws -> Data {
        try text(Document(suites: suites))
    }

    /// Values in the tagged form, as JSON text: `{"int":3}`, or an object of them.
    ///
    /// - Parameters:
    ///   - value: A value, or a dictionary of them.
    ///   - pretty: Whether to indent, as listings do.
    /// - Returns: The JSON text and a newline, DEL and C1 controls escaped.
    /// - Throws: `EncodingError` for a real that is not finite.
    public static func text(_ value: some Encodable, pretty: Bool = true) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys]
        let json = String(decoding: try encoder.encode(value), as: UTF8.self)
        return Data((Output.escapingWideControls(json) + "\n").utf8)
    }

    /// The members of a typed document, or `nil` when the text is not one.
    ///
    /// - Parameter text: The document's text; its nesting is bounded as tagged values' is.
    /// - Returns: The document's members, its values still in the tagged form.
    static func members(of text: String) -> [String: JSONValue]? {
        var text = text
        let parsed = text.withUTF8 { JSONValue.parse($0, maximumDepth: PropertyListValue.taggedMaximumDepth + 2) }
        guard case .object(let members)? = parsed, members["format"] == .string(format) else { return nil }
        return members
    }

    /// A typed document's values.
    ///
    /// - Parameters:
    ///   - member: The document's `values` member.
    ///   - file: The document's name, for messages.
    /// - Returns: The values, by key.
    /// - Throws: ``ToolError`` naming the first key whose value is not in the typed form.
    static func values(_ member: JSONValue?, file: String) throws -> [String: PropertyListValue] {
        guard case .object(let members)? = member else {
            throw ToolError("\(file) is a typed document without a \"values\" object", code: .invalidDocument)
        }
        return try members.reduce(into: [:]) { values, member in
            guard let value = PropertyListValue(tagged: member.value) else {
                throw ToolError(
                    "\(file): key \(TextEscaping.quoted(member.key)) is not a typed value such as {\"int\": 3}",
                    code: .invalidDocument)
            }
            values[member.key] = value
        }
    }

    /// A typed document's suites.
    ///
    /// - Throws: ``ToolError`` naming the first suite or key that is not in the typed form.
    static func suites(_ member: JSONValue?, file: String) throws -> [String: [String: PropertyListValue]] {
        guard case .object(let suites)? = member else {
            throw ToolError("\(file) is a typed document without a \"suites\" object", code: .invalidDocument)
        }
        return try suites.reduce(into: [:]) { result, suite in
            result[suite.key] = try values(suite.value, file: "\(file): suite \(TextEscaping.quoted(suite.key))")
        }
    }
}
