import PrefsCore
import PrefsTools

/// The keys of one suite as the keys screen lists them: PrefsTools' ``PrefsTools/SuiteKeyTable`` (their order, facts
/// and searched text, the same `prefs find` matches), with the rows made when drawn.
///
/// Rows are made from the suite's current values, so that a suite of 100,000 keys costs the editor the table, not
/// 100,000 rows; changes patch the table instead of rebuilding it.
final class KeyList {
    let table: SuiteKeyTable

    init(name: String, suite: any PersistentKeyValueStore, schema: PreferenceSchema?) {
        table = SuiteKeyTable(name: name, suite: suite, schema: schema)
    }

    var name: String { table.name }
    var suite: any PersistentKeyValueStore { table.suite }
    var schema: PreferenceSchema? { table.schema }
    /// The keys listed, declared ones first.
    var keys: [String] { table.keys }
    /// Bumped at every change, so that filter results computed before it are not reused.
    var version: Int { table.version }

    /// The level of the keys' tree under a folder, kept until the keys change.
    func level(under folder: String) -> KeyLevel {
        if let cached = levelCache, cached.version == version, cached.folder == folder { return cached.level }
        let suite = suite
        let level = KeyTree.level(keys, under: folder) { suite.primitiveValue(forKey: $0) != nil }
        levelCache = (version, folder, level)
        return level
    }

    private var levelCache: (version: Int, folder: String, level: KeyLevel)?

    /// The row of the key at a position.
    func row(at position: Int) -> KeyRow {
        let key = keys[position]
        let entry = table.entry(for: key)
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

    /// The position of a key.
    func position(of key: String) -> Int? {
        table.position(of: key)
    }

    /// Takes in changed keys: their rows are made again, new ones inserted in order, gone ones removed.
    func update(changedKeys: some Sequence<String>) {
        table.update(changedKeys: changedKeys)
    }

    /// How many keys are under a prefix, the group `store.prefixed(prefix)` holds: the details pane asks at every
    /// frame.
    ///
    /// - Parameter prefix: The prefix, such as `editor.`.
    /// - Returns: The group's size.
    func count(inGroup prefix: String) -> Int {
        let declared = keys.prefix(table.declaredCount).count { $0.hasPrefix(prefix) }
        return declared + (undeclaredRun(inGroup: prefix)?.count ?? undeclaredScan(inGroup: prefix))
    }

    /// The keys under a prefix as one run of the sorted list, found by two binary searches.
    ///
    /// The run starts where the prefix would be inserted, whatever its length. A prefix ending in a digit is not one
    /// run in natural order (`item1` holds `item1` and `item10`, with `item2` between): those are counted one by one.
    ///
    /// - Parameter prefix: The group's prefix.
    /// - Returns: The run; `nil` when the prefix ends in a digit (``undeclaredScan(inGroup:)`` then).
    private func undeclaredRun(inGroup prefix: String) -> Range<Int>? {
        if let last = prefix.last, last.isASCII, last.isNumber { return nil }
        let keys = keys
        var low = table.declaredCount
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if NaturalOrder.precedes(keys[middle], prefix) { low = middle + 1 } else { high = middle }
        }
        let start = low
        high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle].hasPrefix(prefix) { low = middle + 1 } else { high = middle }
        }
        return start..<low
    }

    private func undeclaredScan(inGroup prefix: String) -> Int {
        keys[table.declaredCount...].count { $0.hasPrefix(prefix) }
    }
}
