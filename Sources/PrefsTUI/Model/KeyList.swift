import PrefsCore
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The keys of one suite in the order the editor lists them: those the schema declares, in its order, then the other
/// stored keys as people count (``NaturalOrder``: `item2` before `item10`).
///
/// Only the order is kept. Rows are made when they are drawn or searched, from the suite's current values, so that a
/// suite of 100,000 keys costs the editor one array of names; changes adjust the order instead of rebuilding it.
final class KeyList {
    let name: String
    let suite: any PersistentKeyValueStore
    let schema: PreferenceSchema?
    /// The keys listed, declared ones first.
    private(set) var keys: [String]
    /// Bumped at every change, so that filter results computed before it are not reused.
    private(set) var version = 0
    private let declared: [String: PreferenceSchemaEntry]
    private let declaredCount: Int
    private var index: KeySearchIndex?

    init(name: String, suite: any PersistentKeyValueStore, schema: PreferenceSchema?) {
        self.name = name
        self.suite = suite
        self.schema = schema
        let entries = schema?.entries ?? []
        declared = Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        declaredCount = entries.count
        // Keys only a system layer sets are listed too: they are in force.
        var stored = suite.transactions?.sortedKeys() ?? Array(suite.primitiveValues().keys)
        let layered = suite.systemLayers.keys.subtracting(stored)
        if !layered.isEmpty { stored += layered }
        let sorted = stored.sorted(by: NaturalOrder.precedes)
        if entries.isEmpty {
            // Shared with the suite until either changes: no copy of a large suite's keys.
            keys = sorted
        } else {
            let ids = Set(entries.map(\.id))
            keys = entries.map(\.id)
            keys.reserveCapacity(entries.count + sorted.count)
            keys += sorted.lazy.filter { !ids.contains($0) }
        }
    }

    /// The row of the key at a position.
    func row(at position: Int) -> KeyRow {
        let key = keys[position]
        let entry = declared[key]
        let stored = suite.primitiveValue(forKey: key)
        let layers = suite.systemLayers
        // A declared key that is not stored reads its newest former name that is, as PrefsKit's reads do.
        if let entry, stored == nil, let former = suite.firstStored(among: entry.formerIDs) {
            return KeyRow(
                key: key, stored: former.value, entry: entry, suiteHasSchema: true,
                migration: .readsFormerName(former.name), layers: layers)
        }
        let renamed = entry == nil ? schema?.entry(forStoredKey: key)?.id : nil
        return KeyRow(
            key: key, stored: stored, entry: entry, suiteHasSchema: schema != nil,
            migration: renamed.map(KeyMigration.formerNameOf), layers: layers)
    }

    /// The position of a key, found by a binary search among the keys the schema does not declare.
    func position(of key: String) -> Int? {
        if declared[key] != nil { return keys.prefix(declaredCount).firstIndex(of: key) }
        let position = insertionPoint(of: key)
        return position < keys.count && keys[position] == key ? position : nil
    }

    /// Takes in changed keys: a key set for the first time (by the user or a system layer) is inserted in order, and
    /// an undeclared key nothing sets any more is removed.
    func update(changedKeys: some Sequence<String>) {
        let layered = suite.systemLayers.keys
        for key in changedKeys where declared[key] == nil {
            let stored = suite.primitiveValue(forKey: key) != nil || layered.contains(key)
            let position = insertionPoint(of: key)
            let listed = position < keys.count && keys[position] == key
            if stored && !listed {
                keys.insert(key, at: position)
            } else if !stored && listed {
                keys.remove(at: position)
            }
        }
        version += 1
        index = nil
    }

    /// The search index of the rows, built when first needed after a change.
    var searchIndex: KeySearchIndex {
        if let index { return index }
        let built = KeySearchIndex(list: self)
        index = built
        return built
    }

    /// The positions of the keys under a prefix, the group `store.prefixed(prefix)` holds: declared ones in the
    /// schema's order, then the others.
    ///
    /// - Parameter prefix: The prefix, such as `editor.`.
    /// - Returns: The positions, in list order.
    func positions(inGroup prefix: String) -> [Int32] {
        let undeclared = undeclaredRun(inGroup: prefix).map(Array.init) ?? undeclaredScan(inGroup: prefix)
        return declaredPositions(inGroup: prefix).map { Int32($0) } + undeclared.map { Int32($0) }
    }

    /// How many keys are under a prefix, without listing them: the details pane asks at every frame.
    ///
    /// - Parameter prefix: The prefix.
    /// - Returns: The group's size.
    func count(inGroup prefix: String) -> Int {
        declaredPositions(inGroup: prefix).count
            + (undeclaredRun(inGroup: prefix)?.count ?? undeclaredScan(inGroup: prefix).count)
    }

    private func declaredPositions(inGroup prefix: String) -> [Int] {
        (0..<declaredCount).filter { keys[$0].hasPrefix(prefix) }
    }

    /// The keys under a prefix as one run of the sorted list, found by two binary searches.
    ///
    /// The run starts where the prefix would be inserted, whatever its length. A prefix ending in a digit is not one run in natural order (`item1`
    /// holds `item1` and `item10`, with `item2` between): those are found one by one.
    ///
    /// - Parameter prefix: The group's prefix.
    /// - Returns: The run; `nil` when the prefix ends in a digit (``undeclaredScan(inGroup:)`` then).
    private func undeclaredRun(inGroup prefix: String) -> Range<Int>? {
        if let last = prefix.last, last.isASCII, last.isNumber { return nil }
        let start = insertionPoint(of: prefix)
        var low = start
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle].hasPrefix(prefix) { low = middle + 1 } else { high = middle }
        }
        return start..<low
    }

    private func undeclaredScan(inGroup prefix: String) -> [Int] {
        (declaredCount..<keys.count).filter { keys[$0].hasPrefix(prefix) }
    }

    /// The entry the schema declares for a key.
    func entry(for key: String) -> PreferenceSchemaEntry? {
        declared[key]
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
