public import PrefsCore
import PrefsGLib
public import PrefsStoreKit
import Synchronization
import SystemPackage

/// One schema of one Flatpak app (`APPID/SCHEMA`): its keys' values as the app reads them, from its keyfile, or from
/// the user's dconf database for an app granted dconf; written as GLib's keyfile backend writes them, or through
/// dconf's service, through the kit's journaled write.
public final class FlatpakSuite: JournaledSuite, Sendable {
    public let name: String
    public let changeNotifier = PersistentKeyValueChangeNotifier()
    public var launchArguments: LaunchArguments { .none }
    public var journal: SuiteJournal { store.journal }
    /// The name in the journal's folder: the suite's, its `/` a file name cannot hold made `~`.
    public var journalName: String { String(name.map { $0 == "/" ? "~" : $0 }) }
    let app: FlatpakApp
    /// The schema's id.
    let schema: String
    /// The path of a relocatable schema's instance; `nil` for a fixed schema, at its own.
    let path: String?
    let store: FlatpakStore
    /// What this suite last saw the keyfile hold, to tell other programs' changes from its own.
    let seen: SeenValues
    /// The app's compiled schemas, read once (`FlatpakStore/schemas(of:)`).
    let schemas: CompiledSchemas
    /// Whether the app keeps its settings in dconf (`FlatpakStore/keepsSettingsInDconf(_:)`), as of the opening.
    let inDconf: Bool
    /// The values as last read, with the identity of the keyfile they were read from: a read parses the keyfile
    /// again only when another file is there (GLib and prefs replace it whole).
    private let cache = Mutex<(identity: FileIdentity?, values: [String: PropertyListValue])?>(nil)

    init(
        name: String, app: FlatpakApp, schema: String, path: String?, schemas: CompiledSchemas, store: FlatpakStore,
        seenEmpty: Bool
    ) throws(FlatpakSettingsError) {
        self.name = name
        self.app = app
        self.schema = schema
        self.path = path
        self.schemas = schemas
        self.store = store
        inDconf = try store.keepsSettingsInDconf(app)
        seen = SeenValues(seenEmpty ? [:] : nil)
        if !seenEmpty { seen.prime(try readValues()) }
    }

    /// The file the values are read from: the app's keyfile, or the user's dconf database.
    var valuesFile: FilePath {
        inDconf
            ? FlatpakDconfSettings.databaseFile(environment: store.environment)
            : app.settingsFile(environment: store.environment)
    }

    public func primitiveValue(forKey key: String) -> PropertyListValue? { readOrReport()[key] }
    public func primitiveValues() -> [String: PropertyListValue] { readOrReport() }

    /// Writes keys as one: under the suite's lock the keyfile is read and each change checked by the schema and
    /// planned, staged in the journal, made by replacing the keyfile, and committed; a key that no longer holds
    /// what `expecting` says refuses it all.
    public func commit(_ changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?]) throws
        -> [PersistentKeyValueChange]
    {
        let applied = try journal.write(suite: journalName, timeout: .seconds(5), onFailure: reportWriteFailure) {
            writer in
            if inDconf {
                let settings = try dconfSettings()
                return try plan(
                    changes, expecting: expecting, held: settings.userValues(ofSchema: schema, path: path),
                    writer: writer
                ) { wanted in
                    let changeset = try settings.changeset(wanted, ofSchema: schema, path: path, suite: name)
                    return { try settings.send(changeset) }
                }
            }
            let settings = try settings()
            return try plan(
                changes, expecting: expecting, held: settings.userValues(ofSchema: schema, path: path),
                writer: writer
            ) { wanted in
                let edited = try settings.edited(
                    wanted, ofSchema: schema, path: path, suite: name, environment: store.environment)
                return { [store] in try settings.replace(with: edited, environment: store.environment) }
            }
        }
        post(applied)
        return applied
    }

    /// Plans a write over the values held: refused when a key no longer holds what `expecting` says; the keys whose
    /// value changes checked and prepared by `prepare` (the schema's refusals thrown before anything is staged), made
    /// by what it returns.
    private func plan(
        _ changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?],
        held: [String: PropertyListValue], writer: PersistentKeyValueChange.Writer,
        prepare: ([String: PropertyListValue?]) throws -> () throws -> Void
    ) throws -> SuiteJournal.Plan? {
        if let key = expecting.keys.sorted().first(where: { held[$0] != expecting[$0] ?? nil }) {
            throw PersistentKeyValueStoreError.changedSince(key: key)
        }
        let wanted = changes.filter { held[$0.key] != $0.value }
        guard !wanted.isEmpty else { return nil }
        let make = try prepare(wanted)
        let planned = wanted.keys.sorted().map { key in
            PersistentKeyValueChange(
                suite: name, key: key, oldValue: held[key], newValue: wanted[key] ?? nil, origin: .thisProcess,
                writer: writer)
        }
        return SuiteJournal.Plan(changes: planned) { [seen] in try seen.making(planned, make) }
    }

    /// Tells what another program (the app itself) changed, attributed to its writer when the journal knows it.
    func refresh() {
        let differences = seen.differences { seenKeys in
            let now = readOrReport()
            return Set(now.keys).union(seenKeys).sorted().map { ($0, now[$0]) }
        }
        post(journal.attribute(differences, suite: journalName, named: name, timeout: .milliseconds(200)))
    }

    private func post(_ changes: [PersistentKeyValueChange]) {
        guard !changes.isEmpty else { return }
        changeNotifier.post(changes)
        store.changeNotifier.post(changes)
    }

    /// The app's settings as they are now: its schemas, its keyfile read again.
    private func settings() throws(FlatpakSettingsError) -> FlatpakSettings {
        do {
            return try FlatpakSettings(app: app, schemas: schemas, environment: store.environment)
        } catch {
            throw .unreadable(error.description)
        }
    }

    /// The app's settings in dconf as they are now: the user's database read again.
    private func dconfSettings() throws(FlatpakSettingsError) -> FlatpakDconfSettings {
        do {
            return try FlatpakDconfSettings(app: app, schemas: schemas, environment: store.environment)
        } catch {
            throw .unreadable(error.description)
        }
    }

    /// The values the app reads now, from wherever it keeps them.
    private func readValues() throws(FlatpakSettingsError) -> [String: PropertyListValue] {
        inDconf
            ? try dconfSettings().userValues(ofSchema: schema, path: path)
            : try settings().userValues(ofSchema: schema, path: path)
    }

    private func readOrReport() -> [String: PropertyListValue] {
        do {
            let identity = try FileIdentity.of(valuesFile)
            if let cached = cache.withLock({ $0 }), cached.identity == identity { return cached.values }
            let values = try readValues()
            cache.withLock { $0 = (identity, values) }
            return values
        } catch {
            changeNotifier.report(error)
            return [:]
        }
    }
}
