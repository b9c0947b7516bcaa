import PrefsCore

/// What a shell offers when the user presses Tab after `prefs read `, `prefs read SUITE ` or `prefs write SUITE KEY `:
/// suite names, a suite's keys, a key's choices.
///
/// Completion runs while the user types, so it never fails and never writes: whatever cannot be read (a missing
/// directory, an unreachable database, a corrupt suite) contributes nothing. Every candidate passes
/// ``ShellWord/completionCandidate(_:for:)``, since names and values are whatever their writer chose; a secret key's
/// values are never offered.
public struct CompletionCandidates: Sendable {
    let context: ToolContext
    let shell: ShellWord.Shell?

    /// Creates candidates from a store.
    ///
    /// - Parameters:
    ///   - context: The store the command line names.
    ///   - shell: The shell that asks, whose completion script the candidates are quoted for.
    public init(context: ToolContext, shell: ShellWord.Shell?) {
        self.context = context
        self.shell = shell
    }

    /// The suites, stored or declared by a schema, that start with a prefix.
    ///
    /// - Parameter prefix: What the user has typed of the word.
    /// - Returns: The matching names, sorted.
    public func suites(startingWith prefix: String) -> [String] {
        offered(((try? context.suiteNames()) ?? []).filter { $0.hasPrefix(prefix) })
    }

    /// A suite's keys, stored or declared by its schema, that start with a prefix.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - prefix: What the user has typed of the word.
    /// - Returns: The matching keys, sorted.
    public func keys(of suite: String, startingWith prefix: String) -> [String] {
        guard (try? context.suiteNames().contains(suite)) == true else { return [] }
        let declared = ((try? context.schema(for: suite)) ?? nil)?.entries.map(\.id) ?? []
        let stored = (try? context.existingSuite(suite).primitiveValues().keys).map(Array.init) ?? []
        return offered(Set(declared + stored).filter { $0.hasPrefix(prefix) }.sorted())
    }

    /// The values a key takes, as text a write accepts: its schema's choices, `true` and `false` for a Boolean.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - suite: The suite.
    ///   - prefix: What the user has typed of the word.
    /// - Returns: The matching values, in the schema's order; none for a key whose values are open or secret.
    public func values(of key: String, in suite: String, startingWith prefix: String) -> [String] {
        guard let schema = (try? context.schema(for: suite)) ?? nil, let entry = schema[key] else {
            let stored = try? context.existingSuite(suite).primitiveValue(forKey: key)
            if case .bool = stored { return ["true", "false"].filter { $0.hasPrefix(prefix) } }
            return []
        }
        let values: [String] =
            if entry.isSecret {
                []
            } else if !entry.choices.isEmpty {
                entry.choices.map { entry.render($0) }
            } else if entry.storage == .bool {
                ["true", "false"]
            } else {
                []
            }
        return offered(values.filter { $0.hasPrefix(prefix) })
    }

    /// The filters of `prefs find`'s query that a word starts, from the one table of filters: `@modified`, `@type:`…,
    /// then the types after `@type:`; with a `-` before them when the word has one.
    ///
    /// - Parameter prefix: The word typed so far.
    /// - Returns: The candidates, in the table's order.
    public func filters(startingWith prefix: String) -> [String] {
        let negation = prefix.hasPrefix("-") ? "-" : ""
        let word = String(prefix.dropFirst(negation.count))
        var names = FilterQuery.filters.map { "@" + $0.name + ($0.argument == nil ? "" : ":") }
        names += FilterQuery.TypeName.allCases.map { "@type:" + $0.rawValue }
        return offered(names.filter { $0.hasPrefix(word) && $0 != word }.map { negation + $0 })
    }

    /// Words as the shell must receive them to offer each as it is, without those it cannot be offered.
    private func offered(_ words: [String]) -> [String] {
        words.compactMap { ShellWord.completionCandidate($0, for: shell) }
    }
}
