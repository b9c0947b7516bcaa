public import PrefsCore

/// `prefs find`: the keys of every suite a ``FilterQuery`` matches, in the order the editor's `/` lists them.
public struct PreferenceSearch: Sendable {
    /// One key that matches.
    public struct Match: Sendable, Hashable {
        public let suite: String
        public let key: String
        /// The value in force, else the default.
        public let value: PropertyListValue?
        public let entry: PreferenceSchemaEntry?
        /// How well it matches.
        public let rank: SearchPattern.Rank
    }

    /// What is looked for.
    public let query: FilterQuery

    /// Creates a search.
    ///
    /// - Parameter text: The query, as `prefs find` takes it.
    /// - Throws: ``ToolError`` (usage) when a word of the query is not understood.
    public init(_ text: String) throws(ToolError) {
        query = try FilterQuery(text)
    }

    /// What `prefs find` does: prints the matches in every suite it can read, then names the suites it cannot.
    ///
    /// - Parameters:
    ///   - json: Whether to print a JSON array rather than lines.
    ///   - context: The store.
    /// - Returns: How many keys matched.
    /// - Throws: ``ToolError`` naming the last suite that could not be read, after the matches and the other
    ///   problems are printed: an unreadable suite is not "no match".
    @discardableResult
    public func print(json: Bool, in context: ToolContext) throws -> Int {
        let (matches, problems) = try run(in: context)
        json ? Output.json(matches.map(Self.jsonObject), pretty: true) : Output.lines(matches.map(Self.line))
        guard let last = problems.last else { return matches.count }
        for problem in problems.dropLast() { Output.error(problem) }
        throw ToolError(last, code: .corrupt)
    }

    /// Searches every suite of a context, and those only a schema declares.
    ///
    /// - Parameter context: The store and its schemas.
    /// - Returns: The matches, best first, then by suite and in each suite's order, and the problems of the suites
    ///   that could not be read.
    /// - Throws: The store's error when the suites cannot be listed.
    public func run(in context: ToolContext) throws -> (matches: [Match], problems: [String]) {
        let store = try context.store(creating: false)
        let schemas = try context.schemas()
        let names = try context.suiteNames()
        var found: [(rank: SearchPattern.Rank, match: Match)] = []
        var problems: [String] = []
        for name in names {
            // A schema that cannot be read leaves unknown which values are secret: the suite is not searched, and
            // is named as unreadable suites are, rather than searched as if it had none.
            let schema: PreferenceSchema?
            do {
                schema = try schemas.schema(for: name)
            } catch {
                problems.append("\(error)")
                continue
            }
            let suite: (any PersistentKeyValueStore)?
            do {
                suite = try store?.anySuite(name)
                if let problem = suite?.diagnostics?.suiteProblem { problems.append("\(problem)") }
            } catch {
                problems.append("\(error)")
                continue
            }
            // A suite only a schema declares, in a store not made yet, has its declared keys all the same.
            let table = SuiteKeyTable(
                name: name, suite: suite ?? InMemoryPersistentKeyValueStore(), schema: schema, revealed: Secrets.reveal)
            for (row, rank) in query.matches(in: table) {
                let key = table.keys[Int(row)]
                let entry = table.entry(for: key) ?? schema?.entry(forStoredKey: key)
                let value = table.valueInForce(row: Int(row))
                found.append((rank, Match(suite: name, key: key, value: value, entry: entry, rank: rank)))
            }
            // `@writer:` and `@changed:` over a history that could not be read matched nothing: said, not hidden.
            if let problem = table.historyProblem { problems.append("\(problem)") }
        }
        // Stable: within a rank, matches stay by suite, then in each suite's order.
        let ranked = found.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
        return (ranked.map(\.element.match), problems)
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
