#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

// MARK: - API

extension PreferenceSchema {
    /// The manifest format's name, recorded in every manifest.
    public static let manifestFormat = "prefs-schema"
    /// The manifest format's version.
    public static let manifestVersion = 1

    /// The schema as a JSON manifest, in the format the README documents.
    ///
    /// - Returns: Pretty-printed UTF-8 JSON with sorted keys, so that equal schemas give equal bytes.
    public func manifest() -> Data {
        var document: [String: Any] = [
            "format": Self.manifestFormat,
            "version": Self.manifestVersion,
            "keys": entries.map(Self.manifestObject),
        ]
        document["suite"] = suite
        // Every value in the document comes from `jsonObject` or a parse, and a schema's reals are finite.
        return Data((JSONValue(any: document)?.text(pretty: true) ?? "").utf8)
    }

    /// Loads a schema from a JSON manifest.
    ///
    /// - Parameter manifest: The manifest's bytes.
    /// - Throws: ``PreferenceSchemaError/invalidManifest(_:)`` naming the first thing wrong, or the errors building a
    ///   schema throws.
    public init(manifest: Data) throws(PreferenceSchemaError) {
        // Read with PrefsKit's own JSON parser, whose numbers are exact and which refuses a name given twice in one
        // object (Foundation's keeps one of them without a word).
        let bytes = [UInt8](manifest)
        guard let parsed = bytes.withUnsafeBufferPointer({ JSONValue.parse($0) }) else {
            let duplicate = bytes.withUnsafeBufferPointer { JSONValue.duplicateName($0) }
            let location = bytes.withUnsafeBufferPointer { JSONValue.syntaxErrorLocation($0) }
            throw .invalidManifest(
                duplicate.map { "names \(TextEscaping.quoted($0, limit: 80)) twice in one object" }
                    ?? "not valid JSON (\(location))")
        }
        guard case .object = parsed else { throw .invalidManifest("not a JSON object") }
        guard parsed[member: "format"]?.stringValue == Self.manifestFormat else {
            throw .invalidManifest("\"format\" must be \"\(Self.manifestFormat)\"")
        }
        guard parsed[member: "version"]?.intValue == Self.manifestVersion else {
            throw .invalidManifest("unsupported \"version\"; this build reads version \(Self.manifestVersion)")
        }
        guard let keys = parsed[member: "keys"]?.arrayValue else {
            throw .invalidManifest("\"keys\" must be an array")
        }
        var entries: [PreferenceSchemaEntry] = []
        for (index, key) in keys.enumerated() {
            guard case .object = key else { throw .invalidManifest("keys[\(index)] is not an object") }
            entries.append(try Self.entry(from: key, at: index))
        }
        try self.init(suite: parsed[member: "suite"]?.stringValue, entries: entries)
    }

    // MARK: - Writing

    /// One key as the manifest records it, which `prefs describe --json` also prints.
    ///
    /// - Parameter entry: The key's entry.
    /// - Returns: A JSON object: `id`, `type`, `kind`, `storage`, `optional`, `debug`, and when they apply
    ///   `volatile`, `secret`, `formerly`, `default`, `summary`, `description`, `choices` and `range`.
    package static func manifestObject(_ entry: PreferenceSchemaEntry) -> [String: Any] {
        var object: [String: Any] = [
            "id": entry.id,
            "type": entry.typeName,
            "kind": entry.kind.rawValue,
            "storage": entry.storage.description,
            "optional": entry.isOptional,
            "debug": entry.isDebug,
        ]
        if entry.isVolatile { object["volatile"] = true }
        if entry.isSecret { object["secret"] = true }
        if !entry.formerIDs.isEmpty { object["formerly"] = entry.formerIDs }
        object["default"] = entry.defaultValue.map { manifestValue($0, for: entry) }
        object["summary"] = entry.summary
        object["description"] = entry.description
        if !entry.choices.isEmpty { object["choices"] = entry.choices.map { manifestValue($0, for: entry) } }
        if let range = entry.range {
            object["range"] = ["min": range.lowerBound.jsonObject, "max": range.upperBound.jsonObject]
        }
        return object
    }

    /// A value as the manifest records it: JSON itself for a Codable value stored as JSON data, so that the manifest
    /// stays readable, and otherwise ``PropertyListValue/jsonObject``.
    private static func manifestValue(_ value: PropertyListValue, for entry: PreferenceSchemaEntry) -> Any {
        if entry.kind == .codable, case .data(let data) = value,
            let json = [UInt8](data).withUnsafeBufferPointer({ JSONValue.parse($0) })
        {
            return json
        }
        return value.jsonObject
    }

    // MARK: - Reading

    private static func entry(from object: JSONValue, at index: Int) throws(PreferenceSchemaError)
        -> PreferenceSchemaEntry
    {
        guard let id = object[member: "id"]?.stringValue, !id.isEmpty else {
            throw .invalidManifest("keys[\(index)] has no \"id\"")
        }
        let place = "key \(TextEscaping.quoted(id, limit: 80))"
        guard let kindName = object[member: "kind"]?.stringValue, let kind = PreferenceValueKind(rawValue: kindName)
        else {
            throw .invalidManifest("\(place) has no valid \"kind\"")
        }
        guard let storageName = object[member: "storage"]?.stringValue, let storage = PrimitiveKind(storageName) else {
            throw .invalidManifest("\(place) has no valid \"storage\"")
        }
        guard kind.isCompatible(withStorage: storage) else {
            throw .invalidManifest("\(place) has \"kind\" \(kind.rawValue), which cannot be stored as \(storage)")
        }
        let isOptional = object[member: "optional"]?.boolValue ?? false
        let read = { (value: JSONValue, field: String) throws(PreferenceSchemaError) -> PropertyListValue in
            do {
                return try manifestValue(value, kind: kind, storage: storage)
            } catch {
                throw .invalidManifest("\(place) has an invalid \"\(field)\": \(error)")
            }
        }
        let defaultValue = try object[member: "default"].map { value throws(PreferenceSchemaError) in
            try read(value, "default")
        }
        if defaultValue == nil && !isOptional { throw .invalidManifest("\(place) has no \"default\"") }
        var choices: [PropertyListValue] = []
        if let listed = object[member: "choices"] {
            // A "choices" that is not a list would otherwise be ignored, and the key would accept anything.
            guard let listed = listed.arrayValue else {
                throw .invalidManifest("\(place) has an invalid \"choices\": expected an array of values")
            }
            for choice in listed { choices.append(try read(choice, "choices")) }
        }
        let range = try range(object[member: "range"], storage: storage, place: place)
        if let defaultValue {
            if !choices.isEmpty && !choices.contains(defaultValue) {
                throw .invalidManifest(
                    "\(place) has a \"default\" (\(defaultValue)) that is not one of its \"choices\"")
            }
            if let range, !range.contains(defaultValue) {
                throw .invalidManifest("\(place) has a \"default\" (\(defaultValue)) outside its \"range\" \(range)")
            }
        }
        if let range, let outside = choices.first(where: { !range.contains($0) }) {
            throw .invalidManifest("\(place) has a choice (\(outside)) outside its \"range\" \(range)")
        }
        var formerIDs: [String] = []
        if let listed = object[member: "formerly"] {
            let names = listed.arrayValue?.compactMap(\.stringValue)
            guard let names, names.count == listed.arrayValue?.count, !names.contains(where: \.isEmpty),
                !names.contains(id)
            else {
                throw .invalidManifest("\(place) has an invalid \"formerly\": expected an array of other key names")
            }
            formerIDs = names
        }
        let isSecret = object[member: "secret"]?.boolValue ?? false
        return PreferenceSchemaEntry(
            id: id, typeName: object[member: "type"]?.stringValue ?? storage.description, kind: kind, storage: storage,
            isOptional: isOptional, defaultValue: defaultValue, summary: object[member: "summary"]?.stringValue,
            description: object[member: "description"]?.stringValue, choices: choices, range: range,
            isDebug: object[member: "debug"]?.boolValue ?? false,
            isVolatile: object[member: "volatile"]?.boolValue ?? false,
            isSecret: isSecret, formerIDs: formerIDs)
    }

    private static func manifestValue(_ value: JSONValue, kind: PreferenceValueKind, storage: PrimitiveKind)
        throws(PropertyListValueParseError) -> PropertyListValue
    {
        if kind == .codable, storage == .data, value.stringValue == nil {
            let json = try PropertyListValue(json: value, as: nil)
            return .data(Data(json.jsonText().utf8))
        }
        return try PropertyListValue(json: value, as: storage)
    }

    private static func range(_ object: JSONValue?, storage: PrimitiveKind, place: String) throws(PreferenceSchemaError)
        -> PreferenceValueRange?
    {
        guard let object else { return nil }
        let invalid = PreferenceSchemaError.invalidManifest(
            "\(place) has an invalid \"range\"; expected {\"min\": …, \"max\": …} with min <= max")
        guard let low = object[member: "min"], let high = object[member: "max"] else {
            throw invalid
        }
        // Integer bounds are read as integers, so that a bound such as Int.max survives the trip.
        let boundKind: PrimitiveKind = storage == .int ? .int : .double
        switch (
            try? PropertyListValue(json: low, as: boundKind),
            try? PropertyListValue(json: high, as: boundKind)
        ) {
        case (.int(let lower)?, .int(let upper)?) where lower <= upper: return .integer(lower...upper)
        case (.double(let lower)?, .double(let upper)?) where lower <= upper: return .real(lower...upper)
        default: throw invalid
        }
    }
}
