public import PrefsCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A whole suite as a file: what `prefs export` writes, and what `prefs import` and `prefs diff --against` read.
public enum SuiteDocument {
    /// A document's format.
    public enum Format: String, Sendable, CaseIterable {
        case plist, binary, json
        case typedJSON = "typed-json"
    }

    /// The suite as an XML or binary property list, which UserDefaults reads, as a plain JSON object, or as typed JSON.
    ///
    /// Plain JSON has no dates or data and writes `3.0` as `3`: an import reads them back as the schema's types, and
    /// as strings and integers without one. The property list and typed JSON (``TypedDocument``) keep every type.
    ///
    /// - Parameters:
    ///   - values: The suite's values.
    ///   - format: The format.
    ///   - codec: Writes property lists.
    /// - Returns: The document.
    /// - Throws: ``ToolError`` naming a key XML cannot hold; JSON's error, which a suite's values never cause.
    public static func encode(
        _ values: [String: PropertyListValue], as format: Format, codec: any PropertyListDocumentCodec
    ) throws -> Data {
        switch format {
        case .plist, .binary:
            // The suite file's own writers: every integer exact, and nothing a conforming reader rejects.
            do {
                return try codec.encode(values, binary: format == .binary)
            } catch {
                throw ToolError(error.reason, code: .invalidValue)
            }
        case .json:
            guard let text = JSONValue(.dictionary(values))?.text(pretty: true) else {
                throw ToolError("a real that is not finite cannot be written as JSON", code: .invalidValue)
            }
            return Data((Output.escapingWideControls(text) + "\n").utf8)
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
    ///   - storedValues: What some keys of the suite hold now: plain JSON names no types, so a key the schema does not
    ///     type keeps its stored value's type, as `prefs write` keeps it.
    /// - Returns: The values, by key.
    /// - Throws: `ToolError` naming the file and what is wrong, or the first key whose value is not of the type it
    ///   holds.
    public static func decode(
        _ data: Data, name: String, schema: PreferenceSchema?, codec: any PropertyListDocumentCodec,
        storedValues: ([String]) throws -> [String: PropertyListValue] = { _ in [:] }
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
            throw ToolError(
                "\(file) is JSON but not an object: a suite is a JSON object of keys and values", code: .invalidDocument
            )
        }
        var values: [String: PropertyListValue] = [:]
        let existing = try storedValues(dictionary.keys.filter { schema?[$0] == nil })
        for key in dictionary.keys.sorted() {
            guard let element = dictionary[key] else { continue }
            if let entry = schema?[key] {
                do {
                    values[key] = try element.coerced(to: entry.storage)
                } catch {
                    throw ToolError("\(file): key \(TextEscaping.quoted(key)): \(error)", code: .invalidValue)
                }
            } else if let stored = existing[key] {
                values[key] = try keepingType(of: stored, element, key: key, file: file)
            } else {
                values[key] = element
            }
        }
        return values
    }

    /// A plain JSON value as the type a key already holds: `3` for a real is `3.0`, an ISO 8601 string for a date is
    /// that date, base64 for data is those bytes.
    ///
    /// - Throws: ``ToolError`` naming the key, the type it holds and the file, when the value is not of that type.
    private static func keepingType(
        of stored: PropertyListValue, _ element: PropertyListValue, key: String, file: String
    ) throws -> PropertyListValue {
        let kind: PrimitiveKind
        switch stored.kind {
        // A collection's elements may be of any type, as `prefs write` lets them be.
        case .array: kind = .array(nil)
        case .dictionary: kind = .dictionary(nil)
        case let scalar: kind = scalar
        }
        guard let value = try? element.coerced(to: kind) else {
            let type = ValueText.typeName(of: stored)
            throw ToolError(
                "\(file): key \(TextEscaping.quoted(key)) holds \(ValueText.article(type)) \(type), and the document "
                    + "gives \(ValueText.article(ValueText.typeName(of: element))) \(ValueText.typeName(of: element)); "
                    + "nothing was imported (import a property list or typed JSON to change its type)",
                code: .invalidValue)
        }
        return value
    }

    /// Foundation's parser also reads OpenStep property lists, which look like JSON: JSON goes to JSON's parser.
    private static func isJSONText(_ data: Data) -> Bool {
        let first = data.first { !$0.isASCIIWhitespace }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}

extension UInt8 {
    /// Whether the byte is JSON's white space: space, tab, line feed or carriage return.
    var isASCIIWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
