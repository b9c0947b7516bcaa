import Foundation
public import PrefsFileStore
public import PrefsKit

/// What the editor shows, read from a directory of suites and the schemas installed for it.
public final class EditorData {
    public let store: FileStore
    public let catalog: SchemaCatalog
    private var schemas: [String: PreferenceSchema?] = [:]
    /// The suites opened so far, held so that the store's watcher keeps their snapshots current: the store holds
    /// suites weakly, and a suite opened afresh for every redraw would read its file every time.
    private var opened: [String: FileSuite] = [:]

    /// Reads a configuration directory's suites and schemas.
    public init(store: FileStore, catalog: SchemaCatalog) {
        self.store = store
        self.catalog = catalog
    }

    /// The suites: those on disk and those with a schema, sorted by name.
    public func suiteRows() -> [SuiteRow] {
        let names = Set(store.suiteNames()).union(catalog.suites()).sorted()
        return names.map { name in
            let suite = try? self.suite(name)
            return SuiteRow(
                name: name, storedKeys: suite?.primitiveValues().count ?? 0, hasSchema: schema(for: name) != nil,
                problem: suite?.problem.map { "\($0)" })
        }
    }

    /// A suite's keys: the stored ones and those its schema declares, in the schema's order, then by name.
    public func keyRows(suite name: String) -> [KeyRow] {
        guard let suite = try? suite(name) else { return [] }
        let stored = suite.primitiveValues()
        let schema = schema(for: name)
        var rows = (schema?.entries ?? []).map { entry in
            KeyRow(key: entry.id, stored: stored[entry.id], entry: entry, suiteHasSchema: true)
        }
        let declared = Set(rows.map(\.key))
        for key in stored.keys.sorted() where !declared.contains(key) {
            rows.append(KeyRow(key: key, stored: stored[key], entry: nil, suiteHasSchema: schema != nil))
        }
        return rows
    }

    /// The schema installed for a suite, read once.
    public func schema(for suite: String) -> PreferenceSchema? {
        if let cached = schemas[suite] { return cached }
        let schema = (try? catalog.schema(for: suite)) ?? nil
        schemas[suite] = .some(schema)
        return schema
    }

    /// The newest journal record of a key: when it last changed, and who changed it.
    ///
    /// It reads the journal, so the model asks when details open or change, not at every frame.
    public func lastChange(suite: String, key: String) -> JournalRecord? {
        (try? self.suite(suite))?.history(key: key).last
    }

    /// A suite, opened once.
    ///
    /// - Throws: ``FileStoreError`` for a name that cannot be a suite's.
    func suite(_ name: String) throws(FileStoreError) -> FileSuite {
        if let suite = opened[name] { return suite }
        let suite = try store.suite(name)
        opened[name] = suite
        return suite
    }
}
