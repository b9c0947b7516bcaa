import PrefsCore
import PrefsTools

extension EditorData {
    /// The suites' names: those on disk and those with a schema, sorted as people count; listed once, nothing read.
    public func suiteNames() -> [String] {
        suiteRowCache.names {
            // As the tools list them, with the schemas this editor was given, which hold the tools' own with an app's
            // in front (not installed); each listed once, since GNOME's schemas take a fifth of the first frame.
            let described = Set((try? schemas.schemaSuites()) ?? [])
            return (Set((try? tools.storedSuiteNames()) ?? []), described, store.suiteFolderTitles())
        }
    }

    /// The store's folders' titles, by the start of their suites' names, listed with the names.
    func suiteFolderTitles() -> [String: String] {
        _ = suiteNames()
        return suiteRowCache.folderTitles
    }

    /// A suite's row, read the first time a level of the tree shows it.
    public func suiteRow(_ name: String) -> SuiteRow {
        // Whether a suite has a schema, from the list of them: reading every schema whole for a label made the first
        // frame over 200 KConfig files with 150 `.kcfg` schemas take 196 ms.
        let described = suiteRowCache.isListed ? suiteRowCache.described.contains(name) : nil
        return suiteRowCache.row(name) { suiteRow(name, hasSchema: described) }
    }

    /// Every suite's row, each read: what a tool over every suite's counts needs; the editor reads only those shown.
    public func suiteRows() -> [SuiteRow] {
        suiteNames().map(suiteRow)
    }

    /// A suite's row: how many keys it stores, how many more its system layers set, whether it has a schema.
    ///
    /// - Parameters:
    ///   - name: The suite.
    ///   - hasSchema: Whether it has a schema, when the caller knows; else its schema is read.
    /// - Returns: The row.
    func suiteRow(_ name: String, hasSchema: Bool? = nil) -> SuiteRow {
        let suite = try? self.suite(name)
        // The keys alone where the suite can list them without its values, which a store may have to type first.
        let stored = Set(suite?.transactions?.sortedKeys() ?? Array((suite?.primitiveValues() ?? [:]).keys))
        let described = hasSchema ?? (schema(for: name) != nil)
        return SuiteRow(
            name: name, storedKeys: stored.count,
            systemKeys: suite?.systemLayers.keys.subtracting(stored).count ?? 0,
            hasSchema: described, declaredKeys: described ? schemas.declaredKeyCount(for: name) : nil,
            problem: problem(of: name).map { "\($0)" })
    }
}
