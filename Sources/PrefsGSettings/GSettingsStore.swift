public import PrefsCore
import PrefsDBus
import PrefsGLib
import PrefsStoreKit
import Synchronization

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// GNOME's settings as a store of suites: each installed GSettings schema is a suite, read and written through GIO,
/// so that the dconf service stores every write and every running program sees it.
///
/// ```swift
/// let store = GSettingsStore()
/// let interface = try store.suite("org.gnome.desktop.interface")
/// try interface.setPrimitiveValue(.string("24h"), forKey: "clock-format")
/// ```
///
/// A suite is named by its schema's id, `SCHEMA:/path/` for an instance of a relocatable schema, or by a dconf
/// directory (`/org/example/custom/`) for the keys there that no schema describes, read and written through dconf's
/// own client library (``DconfDirectorySuite``). Values map onto property-list
/// values without loss (`VariantShape`); a type with no such mapping is shown and written as GVariant text. Writes
/// are checked against the schema's type, range and choices, and journaled as the file store's are, so that
/// `prefs log`, `undo` and `redo` work. Other programs' changes arrive while ``run()`` runs GLib's main loop.
///
/// Creating the store does nothing: GIO is loaded, and schemas looked up, when a suite is first opened.
public final class GSettingsStore: Sendable {
    /// The folder of the change journals, one file per suite.
    public let journalDirectory: URL
    /// The launch arguments that override values read through a key.
    public let launchArguments: LaunchArguments
    /// How long a write waits for another journaled writer of the same suite.
    public let lockTimeout: Duration
    /// Where every suite's changes are posted, for observers of the whole store.
    public let changeNotifier = PersistentKeyValueChangeNotifier()
    let journal: SuiteJournal
    let suites = Mutex<[String: WeakSuite]>([:])
    /// The GSettings objects opened, one per suite, kept for the store's life: creating one subscribes its path with
    /// the dconf service and dropping it unsubscribes, which costs far more than reading its values.
    let objects = Mutex<[String: Settings]>([:])
    /// The suites kept open for store-wide observers: schemas' and dconf directories'.
    let observed = ObservedSuites()
    /// dconf's own client, for the directories no schema describes; made when one is first opened.
    let dconfClient = Mutex<DconfClient?>(nil)
    /// The dconf directories open, as suites.
    let directories = Mutex<[String: WeakDirectory]>([:])
    /// Each fixed schema's path and id, once read; forgotten when the compiled schemas change.
    let schemaPaths = Mutex<[String: String]?>(nil)
    /// Every directory a schema describes and its suite, with the identities of the files it was read from
    /// (``describedDirectories()``); forgotten when the compiled schemas change.
    let described = Mutex<(sources: [FileIdentity?], places: KnownPlaces)?>(nil)
    /// The schemas read again after a compiled-schema file changed; until then, GLib's default source.
    let rereadSchemas = Mutex<RereadSchemas?>(nil)
    /// The compiled schemas and dconf's databases as read without GIO, once tried: `.some(nil)` when GIO must read
    /// them (``GSettingsFiles``).
    let readFiles = Mutex<GSettingsFiles??>(nil)
    /// Who calls dconf's `Change`, heard while ``run()`` runs: the writers of changes no journal explains.
    let dconfCallers = Mutex<BusCallers?>(nil)

    struct WeakSuite {
        weak var suite: GSettingsSuite?
    }

    struct WeakDirectory {
        weak var suite: DconfDirectorySuite?
    }

    /// Creates the store; nothing is read until a suite is opened.
    ///
    /// - Parameters:
    ///   - journalDirectory: Where to keep the change journals; `$XDG_STATE_HOME/prefs/gsettings/` (else
    ///     `~/.local/state/…`) when `nil`.
    ///   - launchArguments: The launch arguments that override values read through a key.
    ///   - lockTimeout: How long a write waits for another journaled writer of the same suite.
    public init(
        journalDirectory: URL? = nil, launchArguments: LaunchArguments = .none, lockTimeout: Duration = .seconds(5)
    ) {
        let directory =
            journalDirectory ?? XDGDirectories.stateHome().appendingPathComponent("prefs/gsettings", isDirectory: true)
        self.journalDirectory = directory
        self.launchArguments = launchArguments
        self.lockTimeout = lockTimeout
        journal = SuiteJournal(directory: directory)
    }

    /// Opens a suite: a schema, or a relocatable schema at a path.
    ///
    /// - Parameter name: `SCHEMA` or `SCHEMA:/path/`.
    /// - Returns: The suite, shared by every caller in the process.
    /// - Throws: ``GSettingsStoreError`` when no such schema is installed, the path does not suit it, or GIO cannot be
    ///   loaded.
    public func suite(_ name: String) throws(GSettingsStoreError) -> GSettingsSuite {
        if let live = suites.withLock({ $0[name]?.suite }) {
            try connectIfLoaded(live)
            return live
        }
        let location = try SuiteLocation(name)
        let files = try schemaFiles(for: location)
        if files == nil { _ = try settings(name) }
        let fresh = GSettingsSuite(location: location, files: files, store: self)
        let suite = suites.withLock { suites in
            if let live = suites[name]?.suite { return live }
            suites[name] = WeakSuite(suite: fresh)
            return fresh
        }
        if suite === fresh { observed.keep(fresh, named: name) }
        // run() may have loaded GIO, and connected the suites it found, since the files were read.
        try connectIfLoaded(suite)
        return suite
    }

    /// Connects a suite opened on files to GSettings' "changed" signal once GIO is loaded, so that it hears other
    /// programs' changes as every other suite does; other suites are connected when opened.
    ///
    /// - Throws: ``GSettingsStoreError`` when GIO cannot open the suite's schema.
    func connectIfLoaded(_ suite: GSettingsSuite) throws(GSettingsStoreError) {
        if suite.files != nil, GIOLibrary.isLoaded { _ = try settings(suite.name) }
    }

    /// Connects every open suite that reads files, once GIO is loaded: ``run()`` calls it, for the suites opened
    /// before it, whose observers would otherwise hear only this process's changes.
    ///
    /// - Throws: ``GSettingsStoreError`` when GIO cannot open a suite's schema.
    func connectOpenSuites() throws(GSettingsStoreError) {
        for suite in suites.withLock({ $0.values.compactMap(\.suite) }) { try connectIfLoaded(suite) }
    }

    /// The GSettings object of a suite, created and connected to the ``ChangeQueue`` the first time.
    ///
    /// - Parameter name: `SCHEMA` or `SCHEMA:/path/`.
    /// - Returns: The object, the same for every call with this name.
    /// - Throws: ``GSettingsStoreError`` when no such schema is installed, or the path does not suit it.
    func settings(_ name: String) throws(GSettingsStoreError) -> Settings {
        if let opened = objects.withLock({ $0[name] }) { return opened }
        try GIOLibrary.load()
        let location = try SuiteLocation(name)
        let schema = try schema(for: location)
        let fresh = GIOLock.run { Settings(schema: schema, path: location.path) }
        let settings = objects.withLock { objects in
            if let opened = objects[name] { return opened }
            objects[name] = fresh
            return fresh
        }
        if settings === fresh { ChangeQueue.connect(fresh, suite: name, store: self) }
        return settings
    }

    /// A suite's schema and values from the files GSettings reads, while GIO is not loaded and they can be read.
    ///
    /// - Throws: ``GSettingsStoreError`` for a relocatable schema without a path, or a fixed one with one, as GIO
    ///   would be asked.
    func schemaFiles(for location: SuiteLocation) throws(GSettingsStoreError) -> SchemaFiles? {
        guard let files = glibFiles(), let schema = files.schemas.schema(location.schema) else { return nil }
        switch (schema.path, location.path) {
        case (nil, nil): throw .needsPath(schema: location.schema)
        case (_?, let path?): throw .fixedPath(schema: location.schema, path: path)
        case (let path?, nil): return SchemaFiles(schema: schema, path: path, files: files)
        case (nil, let path?): return SchemaFiles(schema: schema, path: path, files: files)
        }
    }

    /// The files GSettings reads, read by the store while GIO is not loaded; `nil` once it is, or when they cannot
    /// be read here.
    func glibFiles() -> GSettingsFiles? {
        guard !GIOLibrary.isLoaded else { return nil }
        return readFiles.withLock { files in
            if let files { return files }
            let fresh = GSettingsFiles()
            files = .some(fresh)
            return fresh
        }
    }

    /// The suite of this name, when one is open.
    func liveSuite(_ name: String) -> GSettingsSuite? {
        suites.withLock { $0[name]?.suite }
    }

    /// The names of the suites whose GSettings objects are open.
    func openedNames() -> [String] {
        objects.withLock { Array($0.keys) }
    }

    /// Why writes cannot be stored, or `nil` when GSettings uses a backend that keeps them.
    var backendProblem: GSettingsStoreError? {
        // The files are read only where GSettings' backend is dconf.
        if glibFiles() != nil { return nil }
        do { try GIOLibrary.load() } catch { return error }
        let name = Self.backendName.withLock { name in
            if let name { return name }
            let found = GIO.defaultBackendName()
            name = found
            return found
        }
        return name == "GMemorySettingsBackend" ? .noBackend(name) : nil
    }

    private static let backendName = Mutex<String?>(nil)

    /// Refuses a write that would be kept in memory only.
    func checkBackend() throws(GSettingsStoreError) {
        if let problem = backendProblem { throw problem }
    }

    /// The schema a location names, checked so that GLib, which aborts on a missing schema or an unsuitable path,
    /// is never asked.
    private func schema(for location: SuiteLocation) throws(GSettingsStoreError) -> Schema {
        let found = GIOLock.run { currentSchemaSource()?.lookup(location.schema) }
        guard let schema = found else { throw .noSchema(location.schema, searched: Self.schemaFolders()) }
        switch (schema.path, location.path) {
        case (nil, nil): throw .needsPath(schema: location.schema)
        case (_?, let path?): throw .fixedPath(schema: location.schema, path: path)
        default: return schema
        }
    }

    /// Where GSettings looks for compiled schemas, as `gsettings` does, for messages.
    static func schemaFolders(environment: [String: String] = ProcessEnvironment.current) -> String {
        schemaFolderList(environment: environment).joined(separator: ", ")
    }

    /// The folders GSettings reads compiled schemas from, highest priority first, as GLib orders them:
    /// `GSETTINGS_SCHEMA_DIR`'s, the user's data folder's, then each of `XDG_DATA_DIRS`'.
    static func schemaFolderList(environment: [String: String] = ProcessEnvironment.current) -> [String] {
        var folders = (environment["GSETTINGS_SCHEMA_DIR"] ?? "").split(separator: ":").map(String.init)
        folders.append(userSchemaFolder(environment: environment))
        let system = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        folders += system.split(separator: ":").map { "\($0)/glib-2.0/schemas" }
        return folders
    }

    /// The user's own folder of compiled schemas, where an app installed for one user puts its schema.
    static func userSchemaFolder(environment: [String: String] = ProcessEnvironment.current) -> String {
        XDGDirectories.dataHome(environment: environment).appendingPathComponent("glib-2.0/schemas").path
    }
}
