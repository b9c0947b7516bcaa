public import PrefsCore

/// What `prefs write` does: one typed, checked write.
///
/// With a schema the value is read as the key's type and checked against its range and choices, and keys it does not
/// declare are refused unless `force`. Without one, a key that holds a value keeps its type unless `type` names
/// another, and a new key is a string unless `type` says otherwise.
public struct WriteRequest: Sendable, Hashable {
    public var suite: String
    public var key: String
    public var value: String
    public var type: ValueText.ValueType?
    public var force: Bool
    /// The format to keep the suite's file in from then on (`xml`, `binary`), or `nil` to keep its own.
    public var format: String?

    /// Creates a request.
    public init(
        suite: String, key: String, value: String, type: ValueText.ValueType? = nil, force: Bool = false,
        format: String? = nil
    ) {
        self.suite = suite
        self.key = key
        self.value = value
        self.type = type
        self.force = force
        self.format = format
    }

    /// The value to store, parsed and checked; nothing is written.
    ///
    /// - Parameters:
    ///   - schema: The suite's schema.
    ///   - existing: What the key holds now, whose type a write without `type` keeps.
    /// - Returns: The value.
    /// - Throws: ``ToolError`` naming what is wrong.
    public func parsed(schema: PreferenceSchema?, existing: PropertyListValue? = nil) throws -> PropertyListValue {
        try ValueText.checkKeyName(key)
        try ValueText.checkPrintable(value, what: "value")
        let parsed: PropertyListValue
        if let entry = schema?[key] {
            if type == .typedJSON {
                // A recorded array or dictionary, its members' types exact: checked against the schema as it is.
                parsed = try ValueText.parse(value, as: .typedJSON)
                try entry.validate(parsed)
            } else {
                parsed = try Self.parse(value, by: entry)
            }
        } else {
            try ToolError.checkDeclared(key, suite: suite, action: "write", schema: schema, force: force)
            if let type {
                parsed = try ValueText.parse(value, as: type)
            } else if let existing {
                parsed = try ValueText.parse(value, keepingTypeOf: existing, key: key)
            } else {
                parsed = try ValueText.parse(value, as: .string)
            }
        }
        try Self.check(parsed, forKey: key, schema: schema)
        return parsed
    }

    /// The gate every value written passes, whatever made it: text typed on a command line or in the editor
    /// (``parsed(schema:existing:)``), a choice picked, a number stepped by `+` or `-`, a Boolean toggled, a document
    /// edited in `$EDITOR`.
    ///
    /// - Parameters:
    ///   - value: The value about to be written.
    ///   - key: The key it is written to.
    ///   - schema: The suite's schema: a key it declares takes only a value of its type, range and choices.
    /// - Throws: ``ToolError`` for a key name or a value that is not text on every path (a control character);
    ///   ``/PrefsCore/PreferenceSchemaError`` for a value the schema refuses.
    public static func check(_ value: PropertyListValue, forKey key: String, schema: PreferenceSchema?) throws {
        try ValueText.checkKeyName(key)
        try ValueText.checkPrintable(value, what: "value")
        try schema?[key]?.validate(value)
    }

    /// Text read as a key's value; a word that is not one of its choices names the nearest ones.
    private static func parse(_ text: String, by entry: PreferenceSchemaEntry) throws -> PropertyListValue {
        do {
            return try entry.parse(text)
        } catch PreferenceSchemaError.notAChoice(let key, let value, let choices) {
            let error = PreferenceSchemaError.notAChoice(key: key, value: value, choices: choices)
            // A secret's choices are the schema's, not its value: naming the nearest tells nothing it holds.
            guard let near = NearestNames.question(for: text, among: choices) else { throw error }
            throw ToolError("\(error); \(near)", code: ErrorCode(of: error))
        }
    }

    /// Parses, checks and writes the value.
    ///
    /// - Parameter context: The store.
    /// - Throws: ``ToolError`` or the store's error; nothing is written then.
    public func perform(in context: ToolContext) throws {
        let schema = try context.schema(for: suite)
        if type == .gvariant {
            try ValueText.checkKeyName(key)
            try ValueText.checkPrintable(value, what: "value")
            let undeclared = try ToolError.checkDeclared(
                key, suite: suite, action: "write", schema: schema, force: force)
            try context.writeNativeText(
                value, syntax: ValueText.ValueType.gvariant.rawValue, toKey: key, inSuite: suite)
            if let undeclared { Output.note(undeclared) }
            return
        }
        // Only a key the schema does not type needs its stored value, to keep its type.
        let existing =
            schema?[key] == nil && type == nil ? try context.currentValues(of: [key], inSuite: suite)[key] : nil
        let value = try parsed(schema: schema, existing: existing)
        let undeclared = try ToolError.checkDeclared(key, suite: suite, action: "write", schema: schema, force: force)
        // Only a hint: a store that cannot list its schemas or suites gives none, and the write goes ahead.
        let nearSchema = schema == nil ? (try? Self.nearSchemaSuite(to: suite, in: context)) ?? nil : nil
        try context.write(
            SuiteMigration.movingFormerNames([key: value], schema: schema), toSuite: suite, format: format)
        if let undeclared { Output.note(undeclared) }
        if let nearSchema { Output.note("created suite \(TextEscaping.quoted(suite)); \(nearSchema)") }
    }

    /// "did you mean" for a write that is about to create a suite one or two edits from a suite with a schema: the
    /// write goes through (a new suite is a thing people make), but a typo of a schema'd suite's name is said.
    ///
    /// - Returns: The question, or `nil` when the suite exists or no schema'd suite is near its name.
    private static func nearSchemaSuite(to suite: String, in context: ToolContext) throws -> String? {
        // The schemas first: a folder of a few manifests, where the suites may be thousands of files.
        let schemaSuites = try context.schemas().schemaSuites()
        guard let question = NearestNames.question(for: suite, among: schemaSuites, byPrefix: false) else { return nil }
        let stored = try context.store(creating: false)?.listSuites() ?? []
        return stored.contains(suite) ? nil : question
    }
}
