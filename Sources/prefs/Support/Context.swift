import Foundation
import PrefsFileStore
import PrefsKit
import PrefsPostgres
import Synchronization

/// What a subcommand works on: the configuration directory, its store, and the schemas installed for it.
struct Context: Sendable {
    let directory: URL
    let catalog: SchemaCatalog
    /// The PostgreSQL store `--store` or `PREFS_STORE` names, if any; schemas still come from the directory's catalog.
    let storeURL: String?

    init(_ options: GlobalOptions) {
        self.init(configDirectory: options.configDirectory, storeURL: options.store)
    }

    init(configDirectory: URL, storeURL: String? = nil) {
        directory = configDirectory
        catalog = SchemaCatalog(configDirectory: directory)
        self.storeURL = storeURL ?? ProcessInfo.processInfo.environment["PREFS_STORE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The PostgreSQL store once connected, so that a command checking a suite and then opening the editor connects
    /// and reads the table once.
    private let connected = ConnectedStore()

    /// Connects to the PostgreSQL store named (once per command), or returns `nil` when the suites are files.
    ///
    /// - Throws: `PostgresStoreError` for a bad URL or an unreachable server.
    func remoteStore() throws -> PostgresStore? {
        guard let storeURL else { return nil }
        return try connected.store.withLock { store throws(PostgresStoreError) in
            if let store { return store }
            let opened = try PostgresStore(url: storeURL)
            store = opened
            return opened
        }
    }

    /// The store of suites: the PostgreSQL one named, else the directory's.
    ///
    /// - Parameter watching: Whether the command needs other processes' changes as they happen.
    /// - Returns: The store.
    /// - Throws: The PostgreSQL store's or the file store's error when it cannot be opened.
    func suiteStore(watching: Bool) throws -> any SuiteStore {
        try remoteStore() ?? store(watching: watching)
    }

    /// Refuses a command that works on files only when a PostgreSQL store is named.
    func requireFiles(for command: String) throws {
        guard storeURL == nil else {
            throw CLIError("prefs \(command) works on the configuration directory's files; it cannot use --store")
        }
    }

    /// Opens the directory's store, creating the directory when it does not exist.
    ///
    /// - Parameter watching: Whether the command needs other processes' changes as they happen.
    /// - Returns: The store.
    /// - Throws: The store's error when the directory cannot be created or watched.
    func store(watching: Bool) throws -> FileStore {
        try FileStore(directory: directory, launchArguments: .none, watching: watching)
    }

    /// A suite that must already exist, as a file or as an installed schema.
    ///
    /// - Throws: `CLIError` naming the suite and the directory when it does not, or the store's error for a bad name
    ///   or an unreadable file.
    func existingSuite(_ name: String, watching: Bool = false) throws -> FileSuite {
        try checkName(name)
        let file = directory.appendingPathComponent("\(name).plist")
        guard FileManager.default.fileExists(atPath: file.path) || catalog.suites().contains(name) else {
            throw CLIError("no suite \(TextEscaping.quoted(name)) in \(TextEscaping.escaped(directory.path))")
        }
        let suite = try store(watching: watching).suite(name)
        try checkUsable(suite)
        return suite
    }

    /// A suite that must already exist, in the PostgreSQL store when one is named, else as a file or a schema.
    ///
    /// - Throws: `CLIError` naming the suite and the store when it does not exist, or the store's error.
    func existingAnySuite(_ name: String) throws -> any PersistentKeyValueStore {
        guard let remote = try remoteStore() else { return try existingSuite(name) }
        try checkName(name)
        let suite = remote.suite(name)
        guard !suite.primitiveValues().isEmpty || catalog.suites().contains(name) else {
            throw CLIError("no suite \(TextEscaping.quoted(name)) in \(remote.location)")
        }
        return suite
    }

    /// A suite to write to, in the PostgreSQL store when one is named, else as a file created on the first write.
    func writableAnySuite(_ name: String) throws -> any PersistentKeyValueStore {
        guard let remote = try remoteStore() else { return try writableSuite(name) }
        try checkName(name)
        return remote.suite(name)
    }

    /// A suite to write to, created on the first write when it does not exist.
    func writableSuite(_ name: String) throws -> FileSuite {
        try checkName(name)
        let suite = try store(watching: false).suite(name)
        try checkUsable(suite)
        return suite
    }

    /// The schema installed for a suite, if any.
    func schema(for suite: String) throws -> PreferenceSchema? {
        try catalog.schema(for: suite)
    }

    /// Throws a suite's problem, adding how to restore the previous version a crash left when there is one.
    private func checkUsable(_ suite: FileSuite) throws {
        guard let problem = suite.problem else { return }
        guard suite.hasRestorableStagedVersion else { throw problem }
        throw CLIError(
            "\(problem); a readable previous version is kept beside it: "
                + "prefs recover \(TextEscaping.escaped(suite.name)) --from-staging")
    }

    /// Checks a suite's name before anything touches the disk.
    func checkName(_ name: String) throws {
        _ = try SuiteName(validating: name)
    }
}

/// The one connection a command's ``Context`` (and its copies) share.
private final class ConnectedStore: Sendable {
    let store = Mutex<PostgresStore?>(nil)
}
