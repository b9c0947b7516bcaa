import PrefsCore

/// What `prefs read` does: one value, a suite or a group of it as `key = value` lines, or every suite.
public struct ReadRequest: Sendable, Hashable {
    /// The suite; every suite when `nil`.
    public var suite: String?
    /// The key, or a group pattern such as `editor.*`; every key when `nil`.
    public var key: String?
    /// A JSON Pointer inside the key's value.
    public var path: String?
    /// Whether to list schema keys that are not stored, with their defaults.
    public var includeDefaults: Bool
    /// Whether to name each value's type.
    public var types: Bool
    /// Whether to print JSON.
    public var json: Bool
    /// Whether to say where each value comes from: `[user]` marks too, or `{"value": …, "source": …}` in JSON.
    public var sources: Bool

    /// Creates a request.
    public init(
        suite: String?, key: String? = nil, path: String? = nil, includeDefaults: Bool = false, types: Bool = false,
        json: Bool = false, sources: Bool = false
    ) {
        self.sources = sources
        self.suite = suite
        self.key = key
        self.path = path
        self.includeDefaults = includeDefaults
        self.types = types
        self.json = json
    }

    /// Reads and prints on standard output; secret values are masked unless ``Secrets/reveal`` is set.
    ///
    /// - Parameter context: The store.
    /// - Throws: ``ToolError`` for a suite or key that does not exist; the store's error when it cannot be read.
    ///   Reading every suite prints every suite it can read before it throws for the ones it cannot.
    public func perform(in context: ToolContext) throws {
        guard let suite else { return try readEverySuite(context) }
        // `editor.*` is a group, unless a key is named so.
        var group: String?
        if let key, let prefix = SuiteListing.group(key),
            try context.storedValues(of: [key], inExistingSuite: suite).isEmpty,
            try context.schema(for: suite)?[key] == nil
        {
            group = prefix
        }
        if let key, group == nil { return try readValue(of: key, inSuite: suite, context: context) }
        let target = try context.existingSuite(suite)
        if json { try ExactKeyNames.checkDistinct(target, name: suite, in: "JSON") }
        let schema = try context.schema(for: suite)
        let listed = SuiteListing.sourcedValues(
            of: target, schema: schema, includeDefaults: includeDefaults, group: group)
        let values = listed.mapValues(\.value)
        if let group, values.isEmpty {
            throw ToolError(
                "no key of suite \(TextEscaping.quoted(suite)) starts with \(TextEscaping.quoted(group))", code: .noKey)
        }
        if json && sources {
            let masked = Secrets.masked(values, schema: schema)
            Output.json(
                masked.reduce(into: [String: Any]()) { objects, entry in
                    objects[entry.key] = Self.sourced(entry.value, listed[entry.key]?.source ?? .user)
                }, pretty: true)
        } else if json {
            let masked = Secrets.masked(values, schema: schema)
            try types ? Output.typedJSON(masked) : Output.json(masked.mapValues(\.jsonObject), pretty: true)
        } else {
            let lines = SuiteListing.lines(
                of: target, schema: schema, includeDefaults: includeDefaults, types: types, group: group)
            // Every line names its source with --sources; the user's, unmarked by default, say so.
            Output.lines(sources ? lines.map { Self.markingUser($0, types: types) } : lines)
            // Nothing printed is not nothing there: a suite whose every key is at its default says so, on standard
            // error, where a script reading the lines does not see it.
            if lines.isEmpty, group == nil, !includeDefaults, let schema, !schema.entries.isEmpty {
                Output.note(
                    "every key of suite \(TextEscaping.quoted(suite)) is at its default; "
                        + "prefs read \(ShellWord.shown(suite)) --all lists them")
            }
        }
    }

    /// A value and its source as JSON: `{"value": "dark", "source": "system", "file": "/etc/xdg/app.plist"}`.
    private static func sourced(_ value: PropertyListValue, _ source: ValueSource) -> [String: Any] {
        var object = source.jsonObject
        object["value"] = value.jsonObject
        return object
    }

    /// A listing line with `[user]` after the key when it has no mark of its own.
    private static func markingUser(_ line: String, types: Bool) -> String {
        guard let separator = line.firstRange(of: " = ") else { return line }
        let head = line[..<separator.lowerBound]
        if head.hasSuffix("]") { return line }
        return "\(head) [user]\(line[separator.lowerBound...])"
    }

    /// One key's bare value, or the part of it `path` names.
    private func readValue(of key: String, inSuite suite: String, context: ToolContext) throws {
        var (value, entry, source) = try SuiteListing.value(of: key, inSuite: suite, context: context)
        // A secret stays hidden whatever part of it is asked for.
        let hidden = Secrets.hides(entry)
        if let path {
            value = try ValuePath(path).value(in: value)
            entry = nil
        }
        if sources && json {
            var object = source.jsonObject
            object["value"] = hidden ? Secrets.mask : value.jsonObject
            return Output.json(object, pretty: false)
        }
        if sources {
            Output.line(hidden ? Secrets.mask : ValueText.bare(value, entry: entry))
            return Output.line("source: \(source.description)")
        }
        if hidden { return json ? Output.json(Secrets.mask) : Output.line(Secrets.mask) }
        if json && types { return try Output.typedJSON(value, pretty: false) }
        if json { return Output.json(ValueText.json(value)) }
        let type = types ? "\(ValueText.typeName(of: value)) " : ""
        Output.line(type + ValueText.bare(value, entry: entry))
    }

    /// Every suite, the ones only a schema declares included; an unreadable suite is printed as an error after the
    /// others, as `prefs find` does, and makes the command fail.
    private func readEverySuite(_ context: ToolContext) throws {
        var documents: [String: [String: PropertyListValue]] = [:]
        var lines: [String] = []
        var problems: [any Error] = []
        for name in try context.suiteNames() {
            do {
                let target = try context.existingSuite(name)
                let schema = try context.schema(for: name)
                if json {
                    try ExactKeyNames.checkDistinct(target, name: name, in: "JSON")
                    documents[name] = Secrets.masked(
                        SuiteListing.values(of: target, schema: schema, includeDefaults: includeDefaults),
                        schema: schema)
                } else {
                    let suiteLines = SuiteListing.lines(
                        of: target, schema: schema, includeDefaults: includeDefaults, types: types)
                    lines += suiteLines.map { "\(ValueText.key(name)) \($0)" }
                }
            } catch {
                problems.append(error)
            }
        }
        if json {
            try types
                ? Output.typedJSON(documents)
                : Output.json(documents.mapValues { $0.mapValues(\.jsonObject) }, pretty: true)
        } else {
            Output.lines(lines)
        }
        guard let last = problems.last else { return }
        for problem in problems.dropLast() { Output.error("\(problem)") }
        throw last
    }
}
