import Foundation
public import PrefsFileStore
public import PrefsKit

/// What the editor shows, read from a store of suites (a directory of files, a PostgreSQL table) and the schemas
/// installed for it.
///
/// Rows are kept between frames and updated from the changes the store reports, so that a keystroke or a change in
/// one suite costs only what it touches, whatever the number of suites and keys.
public final class EditorData {
    public let store: any SuiteStore
    public let catalog: SchemaCatalog
    private let given: [String: PreferenceSchema]
    private var schemas: [String: PreferenceSchema?] = [:]
    /// The suites opened so far, held so that the store's watcher keeps their snapshots current: the store holds
    /// suites weakly, and a suite opened afresh for every redraw would read its file every time.
    private var opened: [String: any PersistentKeyValueStore] = [:]
    private var suiteRowCache: [String: SuiteRow]?
    /// The keys of the suite shown last; one at a time, since a suite may hold 100,000 keys.
    private var keyListCache: KeyList?

    /// Reads a configuration directory's suites and schemas.
    ///
    /// - Parameters:
    ///   - store: The suites: a ``PrefsFileStore/FileStore``, or any other ``PrefsKit/SuiteStore``.
    ///   - catalog: The schemas installed for it.
    ///   - schemas: Schemas an app embedding the editor passes itself, by suite; they take precedence over installed
    ///     ones, and their suites are listed even when nothing is stored yet.
    public init(store: any SuiteStore, catalog: SchemaCatalog, schemas: [String: PreferenceSchema] = [:]) {
        self.store = store
        self.catalog = catalog
        given = schemas
    }

    /// The suites: those on disk and those with a schema, sorted by name.
    public func suiteRows() -> [SuiteRow] {
        if let cached = suiteRowCache { return cached.values.sorted { $0.name < $1.name } }
        let names = Set(store.suiteNames()).union(catalog.suites()).union(given.keys)
        let rows = Dictionary(uniqueKeysWithValues: names.map { ($0, suiteRow($0)) })
        suiteRowCache = rows
        return rows.values.sorted { $0.name < $1.name }
    }

    /// A suite's keys, in the order the keys screen lists them.
    func keyList(suite name: String) -> KeyList? {
        if let cached = keyListCache, cached.name == name { return cached }
        guard let suite = try? suite(name) else { return nil }
        let list = KeyList(name: name, suite: suite, schema: schema(for: name))
        keyListCache = list
        return list
    }

    /// Takes in changes to some keys of some suites: their suites' rows are read again, and the keys shown updated.
    func update(_ changes: [(suite: String, key: String)]) {
        let suites = Set(changes.map(\.suite))
        for name in suites where suiteRowCache != nil { suiteRowCache?[name] = suiteRow(name) }
        if let list = keyListCache, suites.contains(list.name) {
            list.update(changedKeys: changes.filter { $0.suite == list.name }.map(\.key))
        }
    }

    /// Forgets everything read, so that the next frame reads it all again.
    func forget() {
        suiteRowCache = nil
        keyListCache = nil
        schemas = [:]
    }

    /// The schema installed for a suite, read once.
    public func schema(for suite: String) -> PreferenceSchema? {
        if let cached = schemas[suite] { return cached }
        let schema = given[suite] ?? (try? catalog.schema(for: suite)) ?? nil
        schemas[suite] = .some(schema)
        return schema
    }

    /// The newest journal record of a key: when it last changed, and who changed it.
    ///
    /// It reads the journal, so the model asks when details open or change, not at every frame.
    public func lastChange(suite: String, key: String) -> JournalRecord? {
        ((try? self.suite(suite)) as? FileSuite)?.history(key: key).last
    }

    /// Why a suite's file cannot be used, if it cannot.
    func problem(of name: String) -> FileStoreError? {
        ((try? suite(name)) as? FileSuite)?.problem
    }

    /// Whether the previous version a crash left beside an unreadable suite can be restored.
    func canRestorePrevious(of name: String) -> Bool {
        ((try? suite(name)) as? FileSuite)?.hasRestorableStagedVersion ?? false
    }

    /// Moves an unreadable suite's file aside, keeping it, and starts the suite afresh or from its previous version.
    ///
    /// - Throws: The store's error, naming what could not be done.
    func recover(_ name: String, from source: SuiteRecoverySource) throws -> SuiteRecovery {
        guard let suite = try suite(name) as? FileSuite else {
            throw FileStoreError.unsafe(path: name, reason: "only a suite stored as a file can be recovered")
        }
        let recovery = try suite.recover(from: source)
        forget()
        return recovery
    }

    /// A suite, opened once.
    ///
    /// - Throws: The store's error for a name that cannot be a suite's.
    func suite(_ name: String) throws -> any PersistentKeyValueStore {
        if let suite = opened[name] { return suite }
        let suite = try store.anySuite(name)
        opened[name] = suite
        return suite
    }

    private func suiteRow(_ name: String) -> SuiteRow {
        let suite = try? self.suite(name)
        return SuiteRow(
            name: name, storedKeys: suite?.primitiveValues().count ?? 0, hasSchema: schema(for: name) != nil,
            problem: (suite as? FileSuite)?.problem.map { "\($0)" })
    }
}
