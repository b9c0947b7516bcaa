import PrefsTools

/// `/` on the suites screen: the keys of every suite whose name, value, summary or description the filter matches.
///
/// Each suite's key list and search index are built once, on the first search, and kept; a change to a suite drops
/// its list so that it is read again. A filter that extends the previous one searches only what that one found, so
/// a keystroke over 200 suites of 200 keys scans the matches of the keystroke before, not 40,000 rows.
final class GlobalSearch {
    private var lists: [String: KeyList] = [:]
    private var previous: (pattern: String, found: [String: (version: Int, rows: [Int32])])?

    /// The matches of a filter, best first (`SearchPattern`'s ranking, as `prefs find`), then by suite (in the order
    /// given) and by the keys' order in their suite.
    ///
    /// - Parameters:
    ///   - filter: What was typed after `/`.
    ///   - suites: The suites to search, in order.
    ///   - list: Opens a suite's key list when it is not held yet.
    /// - Returns: The keys found.
    func matches(_ filter: String, in suites: [String], list: (String) -> KeyList?) -> SearchMatches {
        let pattern = FuzzyPattern(filter)
        let ranking = SearchPattern(filter)
        let narrowing = previous.flatMap { filter.hasPrefix($0.pattern) ? $0.found : nil }
        var found: [String: (version: Int, rows: [Int32])] = [:]
        var groups: [SearchMatches.Group] = []
        for name in suites {
            guard let keys = lists[name] ?? list(name) else { continue }
            lists[name] = keys
            let candidates = narrowing?[name].flatMap { $0.version == keys.version ? $0.rows : nil }
            // A suite with nothing found for the shorter filter has nothing for this one either.
            if narrowing != nil, narrowing?[name] == nil { continue }
            let rows = keys.searchIndex.matches(pattern, among: candidates)
            guard !rows.isEmpty else { continue }
            found[name] = (keys.version, rows)
            let ranks = rows.map { keys.searchIndex.rank(ofRow: $0, ranking, pattern) }
            groups.append(SearchMatches.Group(suite: name, keys: keys.keys, rows: rows, ranks: ranks))
        }
        previous = (filter, found)
        return SearchMatches(groups)
    }

    /// Forgets what is known of some suites, after they changed.
    func forget(_ suites: some Sequence<String>) {
        for name in suites { lists[name] = nil }
        previous = nil
    }

    /// Forgets everything.
    func forgetAll() {
        lists = [:]
        previous = nil
    }
}
