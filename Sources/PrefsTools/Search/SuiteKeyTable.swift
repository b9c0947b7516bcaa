public import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The keys of one suite in the order the editor lists them, each with its ``KeyFacts`` and the text a filter
/// searches: what ``FilterQuery`` matches, for `prefs find` and the editor's `/` alike.
///
/// Keys the schema declares come first, in its order, then the other stored keys and those only a system layer sets,
/// as people count (``NaturalOrder``: `item2` before `item10`). The order is made when the suite is read, cheaply
/// (a suite keeps its keys sorted); the facts and searched text of every key are made on the first search,
/// so that opening a suite of 100,000 keys costs no more than listing them. After that a change patches the rows of
/// the keys it names, so a keystroke never reads the suite again.
public final class SuiteKeyTable {
    public let name: String
    public let suite: any PersistentKeyValueStore
    public let schema: PreferenceSchema?
    /// The keys listed, declared ones first.
    public private(set) var keys: [String]
    /// Bumped at every change, so that results computed before it are not reused.
    public private(set) var version = 0
    /// How many keys the schema declares: the first ones listed.
    public let declaredCount: Int
    /// Whether secret values may be matched, as when the table was made.
    let revealed: Bool
    /// Every key's facts and searched text, by position; made on the first search.
    private var made: Rows?
    /// Who last changed each key, and when, by position: read from the suite's history when a filter first asks.
    private var lastChanges: [LastChange?]?
    /// Changes recorded before their keys were listed (a key's first write), placed when ``update(changedKeys:)``
    /// lists them.
    private var unplaced: [String: LastChange] = [:]

    /// Who last changed a key and when, as `@writer:` and `@changed:` match them.
    struct LastChange {
        /// The writer as `prefs log` names it, lowercased.
        let writer: String
        let time: Date?

        init(_ change: PersistentKeyValueChange) {
            writer = ChangeText.writer(change).lowercased()
            time = change.writer?.time
        }
    }

    /// Reads a suite's keys, in order.
    ///
    /// - Parameters:
    ///   - name: The suite's name.
    ///   - suite: The suite.
    ///   - schema: Its schema.
    ///   - revealed: Whether secret values may be matched (`--reveal`); the editor never matches them.
    public init(name: String, suite: any PersistentKeyValueStore, schema: PreferenceSchema?, revealed: Bool = false) {
        self.name = name
        self.suite = suite
        self.schema = schema
        self.revealed = revealed
        let entries = schema?.entries ?? []
        declaredCount = entries.count
        // Keys only a system layer sets are listed too: they are in force.
        var stored = suite.transactions?.sortedKeys() ?? Array(suite.primitiveValues().keys)
        let layers = suite.systemLayers
        let layered = layers.keys.subtracting(stored)
        if !layered.isEmpty { stored += layered }
        let sorted = stored.sorted(by: NaturalOrder.precedes)
        if entries.isEmpty {
            // Shared with the suite until either changes: no copy of a large suite's keys.
            keys = sorted
        } else {
            let ids = Set(entries.map(\.id))
            var listed = entries.map(\.id)
            listed.reserveCapacity(entries.count + sorted.count)
            listed += sorted.lazy.filter { !ids.contains($0) }
            keys = listed
        }
    }

    /// Every key's facts and searched text, made now if no search has needed them yet.
    var rows: Rows {
        if let made { return made }
        let built = Rows(of: self)
        made = built
        return built
    }

    /// Makes every key's facts and searched text now, rather than at the first keystroke: when `/` is pressed.
    public func prepareForSearch() {
        _ = rows
    }

    /// The table's columns, taken out once for a search over every row: reading them through the table at each row
    /// costs an access check each time.
    struct Columns {
        let table: SuiteKeyTable
        let keys: [String]
        let rows: Rows
    }

    /// The columns as they are now.
    var columns: Columns {
        Columns(table: self, keys: keys, rows: rows)
    }

    /// Each key's facts, by position.
    public var facts: [KeyFacts] { rows.facts }

    /// The value in force at a row as `prefs read` prints it; `nil` when there is none or it is a secret not revealed.
    public func shownValue(row: Int) -> String? {
        rows.text.value(row: row)
    }

    /// The entry the schema declares for a key, if any.
    public func entry(for key: String) -> PreferenceSchemaEntry? {
        schema?[key]
    }

    /// The value in force at a row: a locked system value, the user's (under the key or a former name), a system
    /// layer's, else the default.
    public func valueInForce(row: Int) -> PropertyListValue? {
        let key = keys[row]
        let entry = schema?[key]
        let stored =
            suite.primitiveValue(forKey: key) ?? entry.flatMap { suite.firstStored(among: $0.formerIDs)?.value }
        return suite.systemLayers.resolve(key, user: stored).value ?? entry?.defaultValue
    }

    /// The position of a key, found by a binary search among the keys the schema does not declare.
    public func position(of key: String) -> Int? {
        if schema?[key] != nil { return keys.prefix(declaredCount).firstIndex(of: key) }
        let position = insertionPoint(of: key)
        return position < keys.count && keys[position] == key ? position : nil
    }

    /// Takes in changed keys: their rows are made again, a key set for the first time (by the user or a system
    /// layer) is inserted in order, and an undeclared key nothing sets any more is removed.
    ///
    /// - Parameter changedKeys: The keys that changed.
    public func update(changedKeys: some Sequence<String>) {
        let layers = suite.systemLayers
        var changed = Set(changedKeys)
        // A former name's change is the declared key's too: it reads the value stored under the former name.
        for key in changed { if let id = schema?.entry(forStoredKey: key)?.id { changed.insert(id) } }
        for key in changed {
            let value = suite.primitiveValue(forKey: key)
            if schema?[key] == nil {
                let set = value != nil || layers.keys.contains(key)
                let position = insertionPoint(of: key)
                let listed = position < keys.count && keys[position] == key
                if set && !listed {
                    keys.insert(key, at: position)
                    made?.insert(key, stored: value, at: position, in: self, layers: layers)
                    if lastChanges != nil { lastChanges?.insert(unplaced.removeValue(forKey: key), at: position) }
                    continue
                } else if !set && listed {
                    keys.remove(at: position)
                    made?.remove(at: position)
                    lastChanges?.remove(at: position)
                    continue
                }
            }
            guard made != nil, let position = position(of: key) else { continue }
            let stored = value ?? schema?[key].flatMap { suite.firstStored(among: $0.formerIDs)?.value }
            made?.replace(key, stored: stored, at: position, in: self, layers: layers)
        }
        unplaced = [:]
        version += 1
    }

    /// Takes in the changes the store reported, so that the writer and time of each are known without reading the
    /// history again.
    public func record(_ changes: [PersistentKeyValueChange]) {
        guard lastChanges != nil else { return }
        for change in changes where change.suite == nil || change.suite == name {
            if let position = position(of: change.key) {
                lastChanges?[position] = LastChange(change)
            } else {
                unplaced[change.key] = LastChange(change)
            }
        }
    }

    /// Why the suite's history could not be read, when a search needed it: its keys then have no writer or time to
    /// match, which the caller says rather than list fewer keys without a word.
    public private(set) var historyProblem: (any Error)?

    /// Who last changed the key at a position, and when; the suite's history is read on the first call.
    func lastChange(row: Int) -> LastChange? {
        if let lastChanges { return lastChanges[row] }
        var newest: [String: PersistentKeyValueChange] = [:]
        do {
            for change in try suite.changeHistory?.history(key: nil, limit: nil) ?? [] { newest[change.key] = change }
        } catch {
            historyProblem = error
        }
        let known = keys.map { newest[$0].map(LastChange.init) }
        lastChanges = known
        return known[row]
    }

    private func insertionPoint(of key: String) -> Int {
        var low = declaredCount
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if NaturalOrder.precedes(keys[middle], key) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
