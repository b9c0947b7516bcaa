public import PrefsCore
public import PrefsTools

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What the editor shows, read from a store of suites (a directory of files, a PostgreSQL table) and its schemas,
/// through PrefsKit's protocols only: what a store can tell beyond its values (history, problems, location,
/// recovery) it tells through the capabilities it adopts, and the editor shows whatever a store has.
///
/// Rows are kept between frames and updated from the changes the store reports, so that a keystroke or a change in
/// one suite costs only what it touches, whatever the number of suites and keys.
public final class EditorData {
    public let store: any SuiteStore
    /// The machine's stores, when the editor shows all of them (`prefs` alone): the top of the tree is one folder
    /// per store.
    public let machine: MachineStore?
    /// Where the suites' schemas come from.
    public let schemas: any PreferenceSchemaSource
    /// The application layer on the same store: the editor's rename, export, undo and redo are its actions, with
    /// their rules (the schema, secrets left out, the shared history).
    public let tools: ToolContext
    /// Whether times are shown in UTC (ISO 8601), as `--utc` asks; local time with its offset otherwise, as
    /// `prefs log` and `watch` show them.
    public let showsUTC: Bool
    private var schemaCache: [String: PreferenceSchema?] = [:]
    /// The suites opened so far, held so that the store's watcher keeps their snapshots current: the store holds
    /// suites weakly, and a suite opened afresh for every redraw would read its file every time.
    private var opened: [String: any PersistentKeyValueStore] = [:]
    let suiteRowCache = SuiteRowCache()
    /// The keys of the suite shown last; one at a time, since a suite may hold 100,000 keys.
    private var keyListCache: KeyList?
    /// Every suite's keys, for `/` on the suites screen, built on the first search.
    private let search = GlobalSearch()
    /// Each suite's keys' newest changes, read from its change history once per suite.
    private var recentChanges: [String: RecentChanges] = [:]

    /// Reads a store's suites and schemas.
    ///
    /// - Parameters:
    ///   - store: The suites.
    ///   - schemas: Their schemas; the store's own source when `nil`. An app embedding the editor passes its own
    ///     schemas in front of it (``/PrefsCore/GivenSchemas``), and their suites are listed even when nothing is
    ///     stored yet.
    ///   - tools: The application layer on the same store, whose actions the editor calls.
    ///   - utc: Whether times are shown in UTC.
    ///   - machine: The machine's stores, when `store` is them (``/PrefsTools/ToolContext/machineStore(creating:)``).
    public init(
        store: any SuiteStore, schemas: (any PreferenceSchemaSource)? = nil, tools: ToolContext, utc: Bool = false,
        machine: MachineStore? = nil
    ) {
        self.store = store
        self.machine = machine
        self.schemas = schemas ?? store.schemaSource
        self.tools = tools
        showsUTC = utc
    }

    /// A moment as the editor shows it: as the command line does (``/PrefsTools/TimeText``), one format everywhere.
    ///
    /// - Parameter date: The moment.
    /// - Returns: Local time with its offset, or ISO 8601 in UTC under `--utc`.
    public func timeText(_ date: Date) -> String {
        TimeText.format(date, utc: showsUTC)
    }

    /// A suite's keys, in the order the keys screen lists them.
    func keyList(suite name: String) -> KeyList? {
        if let cached = keyListCache, cached.name == name { return cached }
        // A suite found by a search across suites has its list, rows made, already: one table per suite.
        let list: KeyList
        if let searched = search.list(named: name) {
            list = searched
        } else {
            guard let suite = try? suite(name) else { return nil }
            list = KeyList(name: name, suite: suite, schema: schema(for: name))
        }
        keyListCache = list
        return list
    }

    /// Takes in changes to some keys of some suites: their suites' rows are read again, and the keys shown updated.
    func update(_ changes: [(suite: String, key: String)]) {
        let suites = Set(changes.map(\.suite))
        search.update(changes)
        // A suite changed is read again, and listed when it is new.
        var changed: [SuiteRow] = []
        for name in suites where suiteRowCache.isListed {
            let row = suiteRow(name, hasSchema: nil)
            suiteRowCache.replace(row)
            changed.append(row)
        }
        // A suite left with nothing, no schema and no file was deleted: it leaves the list at once.
        let emptied = changed.filter { row in
            row.storedKeys == 0 && row.systemKeys == 0 && !row.hasSchema && row.problem == nil
        }
        if !emptied.isEmpty {
            let stored = Set((try? store.listSuites()) ?? [])
            for row in emptied where !stored.contains(row.name) { suiteRowCache.remove(row.name) }
        }
        if let list = keyListCache, suites.contains(list.name), search.list(named: list.name) !== list {
            list.update(changedKeys: changes.filter { $0.suite == list.name }.map(\.key))
        }
    }

    /// Forgets everything read, so that the next frame reads it all again.
    func forget() {
        suiteRowCache.forget()
        keyListCache = nil
        schemaCache = [:]
        search.forgetAll()
        recentChanges = [:]
    }

    /// The newest changes of a suite's keys, read from its change history once per suite and then kept up to date.
    func recentChanges(suite name: String) -> RecentChanges {
        if let known = recentChanges[name] { return known }
        let recent = RecentChanges(suite: try? suite(name))
        recentChanges[name] = recent
        return recent
    }

    /// Takes in changes the store reported, so that their keys' recent changes are known without reading again.
    func recordWrites(_ changes: [PersistentKeyValueChange]) {
        search.record(changes)
        if let list = keyListCache, search.list(named: list.name) !== list { list.table.record(changes) }
        for change in changes {
            guard let suite = change.suite, recentChanges[suite] != nil else { continue }
            recentChanges[suite]?.record(change)
        }
    }

    /// A key's value as one escaped line, as the keys screen shows it: the value in force, else the schema's default.
    func valueText(suite name: String, key: String) -> String {
        let opened = try? suite(name)
        let entry = schema(for: name)?[key]
        return KeyRow(
            key: key, stored: opened?.primitiveValue(forKey: key), entry: entry, suiteHasSchema: entry != nil,
            layers: opened?.systemLayers ?? .none
        ).valueText
    }

    /// The keys of every suite that a query matches, as `prefs find` lists them.
    ///
    /// - Parameter query: What was typed after `/`.
    /// - Returns: The matches, best first, then by suite name and in each suite's order.
    func searchMatches(_ query: FilterQuery) -> SearchMatches {
        search.matches(query, in: suiteNames()) { name in
            if let cached = keyListCache, cached.name == name { return cached }
            guard let suite = try? suite(name) else { return nil }
            return KeyList(name: name, suite: suite, schema: schema(for: name))
        }
    }

    /// Reads one more suite for `/`, while the editor waits for a key (``EditorModel/prepareSearchStep()``).
    ///
    /// - Returns: Whether suites remain to be read.
    func prepareSearchStep() -> Bool {
        search.prepareNext(of: suiteNames()) { name in
            if let cached = keyListCache, cached.name == name { return cached }
            guard let suite = try? suite(name) else { return nil }
            return KeyList(name: name, suite: suite, schema: schema(for: name))
        }
    }

    /// The schema of a suite, read once.
    public func schema(for suite: String) -> PreferenceSchema? {
        if let cached = schemaCache[suite] { return cached }
        let schema = (try? schemas.schema(for: suite)) ?? nil
        schemaCache[suite] = .some(schema)
        return schema
    }

    /// The newest change of a key in its suite's history: when it last changed, and who changed it; `nil` when the
    /// store keeps no history or it holds none for the key.
    public func lastChange(suite: String, key: String) -> PersistentKeyValueChange? {
        recentChanges(suite: suite).recent(key).first
    }

    /// Where a suite is kept, for people, when its store says.
    func location(of name: String) -> String? {
        (try? suite(name))?.diagnostics?.locationDescription
    }

    /// Why a suite cannot be used, if it cannot.
    func problem(of name: String) -> (any Error)? {
        do {
            return try suite(name).diagnostics?.suiteProblem
        } catch {
            return error
        }
    }

    /// Whether the version the last write replaced can be restored in place of an unreadable suite.
    func canRestorePrevious(of name: String) -> Bool {
        (try? suite(name))?.recovery?.canRestorePreviousVersion ?? false
    }

    /// Moves an unreadable suite's data aside, keeping it, and starts the suite afresh or from its previous version.
    ///
    /// - Throws: The store's error, naming what could not be done.
    func recover(_ name: String, from source: SuiteRecoverySource) throws -> SuiteRecovery {
        guard let suite = try suite(name).recovery else {
            throw PersistentKeyValueStoreError(
                .refused, message: "suites of \(store.locationDescription) cannot be recovered")
        }
        let recovery = try suite.recover(from: source)
        forget()
        return recovery
    }

    /// Why a key cannot be changed, as its store says: a key a lock file or a system administrator locked.
    func readOnlyReason(suite name: String, key: String) -> String? {
        (try? suite(name))?.readOnlyReason(forKey: key)
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
}
