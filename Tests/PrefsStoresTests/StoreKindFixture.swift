import Foundation
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import PrefsTools
import Testing

@testable import PrefsStores

/// How the conformance suites reach the store of one row of the store-kind table: the folders, session or server it
/// needs, the value `--store` gives it, and what the store holds.
///
/// Every store is opened through its row (`StoreKind.open`), as `prefs --store` opens it, so that the suites check the
/// store `prefs` uses.
struct StoreKindFixture: Sendable {
    /// The value of `--store` that names a store of the row's, given a scratch folder of its own.
    let value: @Sendable (_ scratch: URL) throws -> String
    /// Whether the store can be had here: a server to reach; where it cannot, the row fails only where it is required.
    var isAvailable: @Sendable () -> Bool = { true }
    /// The programs the row runs as themselves (its session's bus and service, its foreign writer): where one is
    /// missing, the row runs only under CI, which installs them, as the suites that need them do.
    var needs: [SystemTool] = []
    /// The suite the store conformance suite writes.
    let suite: String
    /// Whether a schema types the suite's keys, and the kinds of value the store holds (``StoreConformance``).
    var typedBySchema = false
    var holds: StoreConformance.Holds? = nil
    /// The suite (the store's name) a schema types, declaring an integer `counter`, and the manifest to install for it
    /// when the schema is not there already (an installed `.kcfg` or GSettings schema).
    var schema: (suite: String, manifest: String?)? = nil
    /// Whether another process can hold a suite's writers off, by the lock file every writer of the row takes.
    var holdsWrites = true
    /// What the suite store's suites are called, and what they read back (``ScopedSuiteStore``).
    var suitesAreSchemas = false
    var suiteName: @Sendable (String) -> String = { $0 }
    var storedForm: @Sendable (PropertyListValue) -> PropertyListValue = { $0 }
    /// What the store's key names start with (Xfconf's are paths): the suites are checked through a view without it.
    var keyPrefix = ""
    /// Suite-store checks the store is known to fail, with why: run, and shown as known issues, until it is mended.
    var knownFailures: [SuiteStoreConformance.Check: Comment] = [:]
    /// The private session the store is reached in, started by the parent, when the store reads its bus's address
    /// once per process (GIO): the row then runs in a child runner with the session's environment.
    var session: (@Sendable () throws -> (environment: [String: String], keep: AnyObject))? = nil
    /// Writes text to a key of a suite (the store's names) as another program does, given the scope's scratch folder.
    var foreignWrite: (@Sendable (_ scratch: URL, _ suite: String, _ key: String, _ text: String) throws -> Void)? = nil
    /// Empties what every store of the row sees before each check: a session's store outlives the checks.
    var reset: @Sendable (_ store: any SuiteStore) throws -> Void = { _ in }

    /// The environment of a scratch folder: every XDG folder inside it, and no session bus but its own.
    static func environment(_ scratch: URL) -> [String: String] {
        let path = { (name: String) in scratch.appendingPathComponent(name).path }
        return ProcessEnvironment.current.merging([
            "HOME": path("home"), "XDG_CONFIG_HOME": path("config"), "XDG_STATE_HOME": path("state"),
            "XDG_DATA_HOME": path("data-home"), "XDG_CONFIG_DIRS": path("system"), "XDG_DATA_DIRS": path("data"),
            "XDG_RUNTIME_DIR": path("runtime"), "DBUS_SESSION_BUS_ADDRESS": "",
        ]) { $1 }
    }

    /// Opens the row's store, as `prefs --store VALUE` opens it over the scratch folder (in the session's
    /// environment, for a store reached in a session).
    func open(_ kind: StoreKind, value: String, scratch: URL) throws -> any SuiteStore {
        let environment = session == nil ? Self.environment(scratch) : ProcessEnvironment.current
        let directory = URL(fileURLWithPath: environment["XDG_CONFIG_HOME"] ?? scratch.path)
        return try kind.open(value, directory, environment).store()
    }

    /// Runs every check of both conformance suites on the row's store, each on a store of its own: a scratch folder
    /// (and a table) of its own, or the session's store emptied first.
    func runSuites(_ kind: StoreKind) async throws {
        let fixture = self
        // Each scope: a scratch folder, the value naming a store in it, and an opener of that store.
        let scope = { @Sendable () throws -> (TemporaryDirectory, @Sendable () throws -> any SuiteStore) in
            let scratch = try TemporaryDirectory(prefix: "prefs-conformance")
            let value = try fixture.value(scratch.url)
            let open = { @Sendable () throws -> any SuiteStore in
                try fixture.open(kind, value: value, scratch: scratch.url)
            }
            let store = try open()
            try fixture.reset(store)
            if let (suite, manifest) = fixture.schema, let manifest {
                try store.schemaSource.installSchema(Data(manifest.utf8), suite: suite)
            }
            return (scratch, open)
        }
        try await StoreConformance(typedBySchema: typedBySchema, holds: holds) {
            let (scratch, open) = try scope()
            let store = try open()
            let view = { @Sendable (store: any SuiteStore) throws -> any PersistentKeyValueStore in
                let suite = try store.anySuite(fixture.suite)
                return fixture.keyPrefix.isEmpty
                    ? suite : PrefixedPersistentKeyValueStore(suite, prefix: fixture.keyPrefix)
            }
            return ScopedStore(store: try view(store), reopen: { try view(open()) }, resources: [store, scratch])
        }.runAll()
        let suites = SuiteStoreConformance {
            let (scratch, open) = try scope()
            let foreignWrite: (@Sendable (String, String, String) throws -> Void)? = fixture.foreignWrite.map {
                write in { @Sendable suite, key, text in try write(scratch.url, suite, key, text) }
            }
            let inSession = fixture.session != nil
            let holdWrites: (@Sendable (String) throws -> WriteHold)? =
                fixture.holdsWrites
                ? { @Sendable suite in try Self.holdLock(of: suite, under: scratch.url, orState: inSession) } : nil
            return ScopedSuiteStore(
                store: try open(), reopen: open, keepsHistory: true, suitesAreSchemas: fixture.suitesAreSchemas,
                suiteName: fixture.suiteName, storedForm: fixture.storedForm, keyPrefix: fixture.keyPrefix,
                foreignWrite: foreignWrite, schemaSuite: fixture.schema?.suite,
                holdWrites: holdWrites,
                resources: [scratch])
        }
        for check in SuiteStoreConformance.Check.allCases {
            if let reason = knownFailures[check] {
                await withKnownIssue(reason, isIntermittent: true) { try await suites.run(check) }
            } else {
                try await suites.run(check)
            }
        }
    }
}

extension StoreKindFixture {
    /// Holds a suite's lock file as another writer does, from another process: the `.SUITE.plist.lock` that every
    /// writer of the suite (or of its journal) takes, which the check's first write made under the scratch folder or
    /// the session's state folder (a session's store keeps its journals there, not in the scratch folder).
    static func holdLock(of suite: String, under scratch: URL, orState inSession: Bool) throws -> WriteHold {
        // A journal's file cannot hold a suite name's `/` (Flatpak's `APPID/SCHEMA`): the kit makes it `~`.
        let name = ".\(suite.replacingOccurrences(of: "/", with: "~")).plist.lock"
        var roots = [scratch]
        if inSession, let state = ProcessInfo.processInfo.environment["XDG_STATE_HOME"] {
            roots.append(URL(fileURLWithPath: state))
        }
        let found = roots.lazy.compactMap { root in
            FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.lazy
                .compactMap { $0 as? URL }.first { $0.lastPathComponent == name }
        }.first
        let lock = try #require(found, "no \(name) under \(roots.map(\.path)) after a write")
        let child = try RunningChild("prefs-test-helper", ["hold-lock", lock.path], pipingInput: true)
        try #require(child.waitForLine { $0 == "locked" }, "prefs-test-helper did not take \(lock.path)")
        return WriteHold(holder: child.pid) {
            child.closeInput()
            _ = child.wait()
        }
    }
}
