public import PrefsCore

/// Finding keys whose name, value, summary or description matches some text, ranked by ``SearchPattern``:
/// `prefs find`, with the editor's `/` listing the same matches in the same order.
public struct PreferenceSearch: Sendable {
    /// One key that matches.
    public struct Match: Sendable, Hashable {
        public let suite: String
        public let key: String
        /// The stored value, else the default.
        public let value: PropertyListValue?
        public let entry: PreferenceSchemaEntry?
        /// How well it matches.
        public let rank: SearchPattern.Rank
    }

    /// The text looked for.
    public let text: String

    /// Creates a search.
    ///
    /// - Parameter text: The text to look for.
    public init(_ text: String) {
        self.text = text
    }

    /// How a key matches: by its name, else by its summary or description, else by its value (as the schema renders
    /// it).
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - value: Its stored value, else its default.
    ///   - entry: Its schema entry.
    /// - Returns: The rank, or `nil` when it does not match.
    public func rank(key: String, value: PropertyListValue?, entry: PreferenceSchemaEntry?) -> SearchPattern.Rank? {
        // A secret's value is not searched: a match would tell what it holds.
        let shown = Secrets.hides(entry) ? nil : value.map { entry?.render($0) ?? $0.text }
        return SearchPattern(text).rank(ofKey: key, value: shown, documentation: [entry?.summary, entry?.description])
    }

    /// The keys of one suite that match, stored or declared by its schema, sorted by key.
    ///
    /// - Parameters:
    ///   - suite: The suite's name.
    ///   - values: Its stored values.
    ///   - schema: Its schema.
    /// - Returns: The matches.
    public func matches(
        suite: String, values: [String: PropertyListValue], schema: PreferenceSchema?
    ) -> [Match] {
        let keys = Set(values.keys).union(schema?.entries.map(\.id) ?? [])
        return keys.sorted(by: NaturalOrder.precedes).compactMap { key in
            let entry = schema?.entry(forStoredKey: key)
            let value = values[key] ?? entry?.defaultValue
            guard let rank = rank(key: key, value: value, entry: entry) else { return nil }
            return Match(suite: suite, key: key, value: value, entry: entry, rank: rank)
        }
    }

    /// What `prefs find` does: prints the matches in every suite it can read, then names the suites it cannot.
    ///
    /// - Parameters:
    ///   - json: Whether to print a JSON array rather than lines.
    ///   - context: The store.
    /// - Throws: ``ToolError`` naming the last suite that could not be read, after the matches and the other
    ///   problems are printed: an unreadable suite is not "no match".
    public func print(json: Bool, in context: ToolContext) throws {
        let (matches, problems) = try run(in: context)
        json ? Output.json(matches.map(Self.jsonObject), pretty: true) : Output.lines(matches.map(Self.line))
        guard let last = problems.last else { return }
        for problem in problems.dropLast() { Output.error(problem) }
        throw ToolError(last, code: .corrupt)
    }

    /// Searches every suite of a context, and those only a schema declares.
    ///
    /// - Parameter context: The store and its schemas.
    /// - Returns: The matches, best first, then by suite and key, and the problems of the suites that could not be
    ///   read.
    /// - Throws: The store's error when the suites cannot be listed.
    public func run(in context: ToolContext) throws -> (matches: [Match], problems: [String]) {
        let store = try context.store(creating: false)
        let schemas = try context.schemas()
        let names = try context.suiteNames()
        var matches: [Match] = []
        var problems: [String] = []
        for name in names {
            var values: [String: PropertyListValue] = [:]
            do {
                if let suite = try store?.anySuite(name) {
                    if let problem = suite.diagnostics?.suiteProblem { problems.append("\(problem)") }
                    values = suite.primitiveValues()
                }
            } catch {
                problems.append("\(error)")
            }
            let schema = try? schemas.schema(for: name)
            matches += self.matches(suite: name, values: values, schema: schema)
        }
        // Stable: within a rank, matches stay by suite, then key.
        let ranked = matches.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
        return (ranked.map(\.element), problems)
    }

    /// A match as `prefs find` prints it: suite, key, value and summary.
    public static func line(_ match: Match) -> String {
        let value = match.value.map { ValueText.inline($0, entry: match.entry) } ?? "(no value)"
        let summary = match.entry?.summary.map { "  # \(TextEscaping.escaped($0))" } ?? ""
        return "\(ValueText.key(match.suite)) \(ValueText.key(match.key)) = \(value)\(summary)"
    }

    /// A match as a JSON object: `suite`, `key`, `value` and `summary`.
    public static func jsonObject(_ match: Match) -> [String: Any] {
        var object: [String: Any] = [
            "suite": match.suite, "key": match.key, "value": ValueText.json(match.value, entry: match.entry),
        ]
        object["summary"] = match.entry?.summary
        return object
    }
}
