public import PrefsCore

/// What a suite changes from its schema's defaults, or from a document: `prefs diff`.
public struct SuiteDiff: Sendable {
    /// One difference.
    public struct Difference: Sendable, Hashable {
        /// How the key differs.
        public enum Change: String, Sendable {
            /// The value differs from the reference.
            case changed = "~"
            /// Only the suite holds the key.
            case added = "+"
            /// Only the reference holds the key.
            case removed = "-"
            /// The schema does not accept the stored value.
            case invalid = "!"
        }

        public let change: Change
        public let key: String
        public let value: PropertyListValue?
        public let reference: PropertyListValue?
        public let note: String?
    }

    /// The differences, by key.
    public let differences: [Difference]
    /// Whether the reference is a document rather than the schema's defaults.
    public let againstDocument: Bool
    let schema: PreferenceSchema?

    /// The differences between stored values and a schema's defaults.
    ///
    /// - Parameters:
    ///   - stored: The suite's values.
    ///   - schema: The schema.
    public init(_ stored: [String: PropertyListValue], schema: PreferenceSchema) {
        self.schema = schema
        againstDocument = false
        differences = stored.keys.sorted().compactMap { key in
            let value = stored[key]
            guard let entry = schema[key] else {
                return Difference(change: .added, key: key, value: value, reference: nil, note: "not in the schema")
            }
            let status = entry.status(of: value)
            if case .ok = status {
            } else {
                return Difference(
                    change: .invalid, key: key, value: value, reference: entry.defaultValue, note: "\(status)")
            }
            guard value != entry.defaultValue else { return nil }
            return Difference(change: .changed, key: key, value: value, reference: entry.defaultValue, note: nil)
        }
    }

    /// The differences between stored values and a document's.
    ///
    /// - Parameters:
    ///   - stored: The suite's values.
    ///   - document: The document's values.
    ///   - schema: The suite's schema, which renders values.
    public init(
        _ stored: [String: PropertyListValue], document: [String: PropertyListValue], schema: PreferenceSchema?
    ) {
        self.schema = schema
        againstDocument = true
        differences = Set(stored.keys).union(document.keys).sorted().compactMap { key in
            switch (stored[key], document[key]) {
            case (let value?, nil): Difference(change: .added, key: key, value: value, reference: nil, note: nil)
            case (nil, let reference?):
                Difference(change: .removed, key: key, value: nil, reference: reference, note: nil)
            case (let value?, let reference?) where value != reference:
                Difference(change: .changed, key: key, value: value, reference: reference, note: nil)
            default: nil
            }
        }
    }

    /// The differences as lines: `~`, `+`, `-` or `!`, the key, and the values.
    public var lines: [String] {
        differences.map { difference in
            let entry = schema?.entry(forStoredKey: difference.key)
            let show = { (value: PropertyListValue?) in value.map { ValueText.inline($0, entry: entry) } ?? "(none)" }
            let key = ValueText.key(difference.key)
            let reference = againstDocument ? "file" : "default"
            switch difference.change {
            case .changed:
                // Values of different types can print alike (data and its base64 string, 3 and 3.0): name the types.
                let typed = difference.value.map(\.kind) != difference.reference.map(\.kind)
                let shown = { (value: PropertyListValue?) in
                    guard typed, let value else { return show(value) }
                    return "\(ValueText.typeName(of: value)) \(show(value))"
                }
                return "~ \(key) = \(shown(difference.value))  (\(reference): \(shown(difference.reference)))"
            case .added:
                return "+ \(key) = \(show(difference.value))" + (difference.note.map { "  (\($0))" } ?? "")
            case .removed:
                return "- \(key) = \(show(difference.reference))"
            case .invalid:
                // The schema's note quotes the stored value, so a secret's says only that it is not accepted.
                let note = Secrets.hides(entry) ? "not accepted by the schema" : difference.note ?? ""
                return "! \(key) = \(show(difference.value))  (\(TextEscaping.escaped(note)))"
            }
        }
    }

    /// The differences as JSON objects: `change`, `key`, `value`, `reference`, `note`, and the values' `type` and
    /// `referenceType`.
    public var jsonObjects: [[String: Any]] {
        differences.map { difference in
            var object: [String: Any] = [
                "change": "\(difference.change)", "key": difference.key,
                "value": ValueText.json(difference.value, entry: schema?.entry(forStoredKey: difference.key)),
                "reference": ValueText.json(difference.reference, entry: schema?.entry(forStoredKey: difference.key)),
            ]
            object["note"] =
                Secrets.hides(schema?.entry(forStoredKey: difference.key))
                ? "not accepted by the schema" : difference.note
            object["type"] = difference.value.map(ValueText.typeName)
            object["referenceType"] = difference.reference.map(ValueText.typeName)
            return object
        }
    }
}

extension SuiteDiff {
    /// What `prefs diff` compares: a suite's stored values with its schema's defaults, or with a document.
    ///
    /// - Parameters:
    ///   - suite: The suite's name.
    ///   - file: A property list or JSON document to compare with, or `-` for standard input; the defaults when `nil`.
    ///   - context: The store.
    /// - Returns: The differences.
    /// - Throws: ``ToolError`` for a suite that does not exist, no schema and no file, or a document that cannot
    ///   be read.
    public static func of(_ suite: String, against file: String?, in context: ToolContext) throws -> SuiteDiff {
        let stored = try context.existingSuite(suite).primitiveValues()
        let schema = try context.schema(for: suite)
        guard let file else {
            guard let schema else { throw ToolError.noSchema(for: suite, hint: "compare with --against FILE") }
            return SuiteDiff(stored, schema: schema)
        }
        let data = try InputFile.read(file, maximumSize: context.codec.maximumSize)
        let document = try SuiteDocument.decode(data, name: file, schema: schema, codec: context.codec)
        return SuiteDiff(stored, document: document, schema: schema)
    }
}
