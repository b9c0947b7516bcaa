import PrefsCore
import PrefsTools

/// `/` on the suites screen: the keys of every suite a query matches, as `prefs find` lists them.
///
/// Each suite's key list (its ``PrefsTools/SuiteKeyTable``) is built on the first search and kept; a change patches
/// the rows of the keys it names. Every keystroke searches every key again: a longer query does not only narrow the
/// last result (`-x` widens as it grows, `@changed:` moves with the clock), and a scan of the tables is fast enough.
final class GlobalSearch {
    private var lists: [String: KeyList] = [:]

    /// The matches of a query, best first (as `prefs find` ranks them), then by suite (in the order given) and by
    /// the keys' order in their suite.
    ///
    /// - Parameters:
    ///   - query: What was typed after `/`.
    ///   - suites: The suites to search, in order.
    ///   - list: Opens a suite's key list when it is not held yet.
    /// - Returns: The keys found.
    func matches(_ query: FilterQuery, in suites: [String], list: (String) -> KeyList?) -> SearchMatches {
        var groups: [SearchMatches.Group] = []
        for name in suites {
            guard let keys = lists[name] ?? list(name) else { continue }
            lists[name] = keys
            let found = query.matches(in: keys.table)
            guard !found.isEmpty else { continue }
            groups.append(
                SearchMatches.Group(suite: name, keys: keys.keys, rows: found.map(\.row), ranks: found.map(\.rank)))
        }
        return SearchMatches(groups)
    }

    /// Takes in changed keys of some suites: their rows are made again.
    func update(_ changes: [(suite: String, key: String)]) {
        for (name, keys) in Dictionary(grouping: changes, by: \.suite) {
            lists[name]?.update(changedKeys: keys.map(\.key))
        }
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
    }
}
