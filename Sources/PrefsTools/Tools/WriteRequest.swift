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
                parsed = try entry.parse(value)
            }
        } else {
            guard schema == nil || force else { throw ToolError.notInSchema(key: key, suite: suite, action: "write") }
            if let type {
                parsed = try ValueText.parse(value, as: type)
            } else if let existing {
                parsed = try ValueText.parse(value, keepingTypeOf: existing, key: key)
            } else {
                parsed = try ValueText.parse(value, as: .string)
            }
        }
        try ValueText.checkPrintable(parsed, what: "value")
        return parsed
    }

    /// Parses, checks and writes the value.
    ///
    /// - Parameter context: The store.
    /// - Throws: ``ToolError`` or the store's error; nothing is written then.
    public func perform(in context: ToolContext) throws {
        let schema = try context.schema(for: suite)
        // Only a key the schema does not type needs its stored value, to keep its type.
        let existing =
            schema?[key] == nil && type == nil ? try context.currentValues(of: [key], inSuite: suite)[key] : nil
        let value = try parsed(schema: schema, existing: existing)
        try context.write(
            SuiteMigration.movingFormerNames([key: value], schema: schema), toSuite: suite, format: format)
    }
}
