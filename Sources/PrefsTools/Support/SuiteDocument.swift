public import Foundation
public import PrefsKit

/// A whole suite as a file: what `prefs export` writes, and what `prefs import` and `prefs diff --against` read.
public enum SuiteDocument {
    /// A document's format.
    public enum Format: String, Sendable, CaseIterable {
        case plist, json
        case typedJSON = "typed-json"
    }

    /// The suite as an XML property list, which UserDefaults reads, as a plain JSON object, or as typed JSON.
    ///
    /// Plain JSON has no dates or data and writes `3.0` as `3`: an import reads them back as the schema's types, and
    /// as strings and integers without one. The property list and typed JSON (``TypedDocument``) keep every type.
    ///
    /// - Parameters:
    ///   - values: The suite's values.
    ///   - format: The format.
    ///   - codec: Writes property lists.
    /// - Returns: The document.
    /// - Throws: JSON's error, which a suite's values never cause.
    public static func encode(
        _ values: [String: PropertyListValue], as format: Format, codec: any PropertyListDocumentCodec
    ) throws -> Data {
        switch format {
        case .plist:
            // The suite file's own writer: every integer exact, control characters as references.
            return codec.xml(values)
        case .json:
            let object = values.mapValues(\.jsonObject)
            let data = try JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            return Data((Output.escapingWideControls(String(decoding: data, as: UTF8.self)) + "\n").utf8)
        case .typedJSON:
            return try TypedDocument.encode(values: values)
        }
    }

    /// Reads a property list (XML or binary), a typed JSON document or a plain JSON object.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - name: The file's name, for messages.
    ///   - schema: Gives each known key its type, so that JSON strings become dates or data where the schema says.
    ///   - codec: Reads property lists.
    /// - Returns: The values, by key.
    /// - Throws: `ToolError` naming the file and what is wrong.
    public static func decode(
        _ data: Data, name: String, schema: PreferenceSchema?, codec: any PropertyListDocumentCodec
    ) throws -> [String: PropertyListValue] {
        let file = TextEscaping.escaped(name)
        guard isJSONText(data) else {
            do {
                return try codec.decode(data)
            } catch {
                guard !error.isNotAPropertyList else {
                    throw ToolError("\(file) is neither a property list nor JSON", code: .invalidDocument)
                }
                throw ToolError("\(file) cannot be imported: \(error)", code: .invalidDocument)
            }
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ToolError("\(file) is not UTF-8 text", code: .invalidDocument)
        }
        if let typed = TypedDocument.members(of: text) {
            guard typed["suites"] == nil else {
                throw ToolError(
                    "\(file) holds several suites, as `prefs dump` writes; read it with `prefs load`",
                    code: .invalidDocument)
            }
            return try TypedDocument.values(typed["values"], file: file)
        }
        // Plain JSON is read by PrefsKit's parser, which keeps integers exact and refuses what a property list cannot
        // hold.
        let document: PropertyListValue
        do {
            document = try PropertyListValue(jsonText: text, as: nil)
        } catch {
            throw ToolError("\(file) is not JSON a suite can hold: \(error)", code: .invalidDocument)
        }
        guard case .dictionary(let dictionary) = document else {
            throw ToolError("\(file) is not a JSON object", code: .invalidDocument)
        }
        var values: [String: PropertyListValue] = [:]
        for (key, element) in dictionary {
            do {
                values[key] = try schema?[key].map { try element.coerced(to: $0.storage) } ?? element
            } catch {
                throw ToolError("\(file): key \(TextEscaping.quoted(key)): \(error)", code: .invalidValue)
            }
        }
        return values
    }

    /// Foundation's parser also reads OpenStep property lists, which look like JSON: JSON goes to JSON's parser.
    private static func isJSONText(_ data: Data) -> Bool {
        data.first { !$0.isASCIIWhitespace } == UInt8(ascii: "{")
    }
}

extension UInt8 {
    fileprivate var isASCIIWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
