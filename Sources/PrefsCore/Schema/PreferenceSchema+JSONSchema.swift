#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension PreferenceSchema {
    /// The dialect every exported JSON Schema declares.
    public static let jsonSchemaDialect = "https://json-schema.org/draft/2020-12/schema"

    /// The schema as a JSON Schema (draft 2020-12) for the suite's values as `prefs export` writes them in JSON, so
    /// that editors and CI can check a configuration file before it is imported.
    ///
    /// Each declared key is a property with its type, default, summary (`title`), description, choices (`enum`) and
    /// range (`minimum`/`maximum`). Dates are ISO 8601 strings (`format: date-time`) and data base64 strings, as the
    /// JSON export writes them. A secret key is marked `writeOnly`, and a key's former names are listed as
    /// properties marked `deprecated`. Keys the schema does not declare are allowed, since a suite also holds what
    /// other programs put there.
    ///
    /// - Returns: Pretty-printed UTF-8 JSON with sorted keys.
    public func jsonSchema() -> Data {
        var properties: [String: Any] = [:]
        for entry in entries {
            properties[entry.id] = Self.jsonSchema(of: entry)
            for former in entry.formerIDs where self[former] == nil {
                var renamed = Self.jsonSchema(of: entry)
                renamed["deprecated"] = true
                renamed["description"] = "Renamed to \(entry.id); `prefs migrate` moves the value."
                properties[former] = renamed
            }
        }
        var document: [String: Any] = [
            "$schema": Self.jsonSchemaDialect,
            "type": "object",
            "properties": properties,
        ]
        document["title"] = suite
        // Every value in the document comes from `jsonObject`, and a schema's reals are finite.
        return Data((JSONValue(any: document)?.text(pretty: true) ?? "").utf8)
    }

    private static func jsonSchema(of entry: PreferenceSchemaEntry) -> [String: Any] {
        var schema = entry.kind == .codable ? [:] : jsonSchema(of: entry.storage)
        if let range = entry.range {
            schema["minimum"] = range.lowerBound.jsonObject
            schema["maximum"] = range.upperBound.jsonObject
        }
        if !entry.choices.isEmpty { schema["enum"] = entry.choices.map(\.jsonObject) }
        if let value = entry.defaultValue, entry.kind != .codable { schema["default"] = value.jsonObject }
        schema["title"] = entry.summary
        schema["description"] = entry.description
        if entry.isSecret { schema["writeOnly"] = true }
        return schema
    }

    private static func jsonSchema(of kind: PrimitiveKind?) -> [String: Any] {
        switch kind {
        case nil: [:]
        case .bool: ["type": "boolean"]
        case .int: ["type": "integer"]
        case .double: ["type": "number"]
        case .string: ["type": "string"]
        case .date: ["type": "string", "format": "date-time"]
        case .data: ["type": "string", "contentEncoding": "base64"]
        case .array(let element): ["type": "array", "items": jsonSchema(of: element)]
        case .dictionary(let element): ["type": "object", "additionalProperties": jsonSchema(of: element)]
        }
    }
}
