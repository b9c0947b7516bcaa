import PrefsCore
import PrefsTools

/// `/` on the suites screen: the keys of every suite a query matches, as `prefs find` lists them.
///
/// Each suite's key list (its ``PrefsTools/SuiteKeyTable``) is built on the first search and kept; a change patches
/// the rows of the keys it names. A query that only narrows the one before (``PrefsTools/FilterQuery/narrows(_:)``:
/// more words, or the last word longer) searches only what that one found; any other searches every key, since a
/// longer negated word or a changed one may match more.
final class GlobalSearch {
    private var lists: [String: KeyList] = [:]
    /// Suites that could not be opened ahead of a search, so that the preparation moves past them.
    private var unreadable: Set<String> = []
    private var previous: (query: FilterQuery, found: [String: (version: Int, rows: [Int32])])?

    /// The matches of a query, best first (as `prefs find` ranks them), then by suite (in the order given) and by
    /// the keys' order in their suite.
    ///
    /// - Parameters:
    ///   - query: What was typed after `/`.
    ///   - suites: The suites to search, in order.
    ///   - list: Opens a suite's key list when it is not held yet.
    /// - Returns: The keys found.
    func matches(_ query: FilterQuery, in suites: [String], list: (String) -> KeyList?) -> SearchMatches {
        let narrowing = previous.flatMap { query.narrows($0.query) ? $0.found : nil }
        var found: [String: (version: Int, rows: [Int32])] = [:]
        var groups: [SearchMatches.Group] = []
        for name in suites {
            // A suite with nothing found for the query this one narrows has nothing for this one either.
            if let narrowing, narrowing[name] == nil { continue }
            guard let keys = lists[name] ?? list(name) else { continue }
            lists[name] = keys
            let candidates = narrowing?[name].flatMap { $0.version == keys.version ? $0.rows : nil }
            let matches = query.matches(in: keys.table, among: candidates)
            guard !matches.isEmpty else { continue }
            found[name] = (keys.version, matches.map(\.row))
            groups.append(
                SearchMatches.Group(suite: name, keys: keys.keys, rows: matches.map(\.row), ranks: matches.map(\.rank)))
        }
        previous = (query, found)
        return SearchMatches(groups, hasReasons: query.searchesText)
    }

    /// Reads the next suite not read yet, ready to be searched, so that the first keystroke of `/` costs what the
    /// others do; the loop calls it while no key waits.
    ///
    /// - Parameters:
    ///   - suites: The suites to search, in order.
    ///   - list: Opens a suite's key list.
    /// - Returns: Whether suites remain to be read.
    func prepareNext(of suites: [String], list: (String) -> KeyList?) -> Bool {
        guard let next = suites.first(where: { lists[$0] == nil && !unreadable.contains($0) }) else { return false }
        if let keys = list(next) {
            keys.table.prepareForSearch()
            lists[next] = keys
        } else {
            unreadable.insert(next)
        }
        return true
    }

    /// The key list of a suite a search read, if one did.
    func list(named name: String) -> KeyList? {
        lists[name]
    }

    /// Takes in changed keys of some suites: their rows are made again.
    func update(_ changes: [(suite: String, key: String)]) {
        for (name, keys) in Dictionary(grouping: changes, by: \.suite) {
            lists[name]?.update(changedKeys: keys.map(\.key))
        }
        // A key that changed may match now where it did not: the next query searches every key.
        if !changes.isEmpty { previous = nil }
    }

    /// Takes in the changes the store reported, so that `@writer:` and `@changed:` know them without reading the
    /// history again.
    func record(_ changes: [PersistentKeyValueChange]) {
        for (name, changes) in Dictionary(grouping: changes, by: { $0.suite ?? "" }) {
            lists[name]?.table.record(changes)
        }
    }

    /// Forgets everything.
    func forgetAll() {
        lists = [:]
        unreadable = []
        previous = nil
    }
}
