public import Configuration
public import Foundation
public import PrefsFileStore
public import PrefsKit
import PrefsStoreKit
public import ServiceLifecycle

/// A swift-configuration provider over any PrefsKit store: a file suite, `UserDefaults`, a PostgreSQL suite, a
/// combined or a prefixed store.
///
/// ```swift
/// let prefs = try PrefsProvider(suite: "com.example.server")
/// let config = ConfigReader(providers: [EnvironmentVariablesProvider(), prefs])
/// let port = config.int(forKey: "http.port", default: 8080)
/// try await ServiceGroup(services: [prefs], logger: logger).run()   // others' writes arrive while it runs
/// ```
///
/// Keys are read by ``StoredKeyPath``'s rule: `http.port` is the stored key `"http.port"`, or `port` inside a
/// dictionary stored as `"http"`. Watches are pushed by the store's own change events (inotify for a file suite,
/// `LISTEN` for PostgreSQL), never polled, and each watcher is told only when its own typed result changes.
public final class PrefsProvider: Service, Sendable {
    /// The store's name in swift-configuration's access logs.
    public let providerName: String
    let suite: SuiteReference
    let lookup: ConfigLookup
    /// The file store a provider opened itself, whose watch ``run()`` runs.
    private let fileStore: FileStore?

    /// Creates a provider over a suite of any store.
    ///
    /// - Parameters:
    ///   - suite: The suite; changes from other processes reach watchers while its store's service runs.
    ///   - schema: The app's schema: keys it marks secret are passed as `isSecret`, and a key it declares renamed
    ///     still reads its former names.
    ///   - secrets: Further keys to treat as secrets, as swift-configuration's own providers take them.
    ///   - name: A name for access logs.
    public convenience init(
        suite: some PersistentKeyValueStore & Sendable, schema: PreferenceSchema? = nil,
        secrets: SecretsSpecifier<String, ConfigContent> = .none, name: String? = nil
    ) {
        self.init(reference: SuiteReference(suite), schema: schema, secrets: secrets, name: name, fileStore: nil)
    }

    /// Creates a provider over `UserDefaults`, which Foundation documents as safe to use from any thread but does not
    /// mark `Sendable` on Linux.
    ///
    /// - Parameters:
    ///   - userDefaults: The defaults.
    ///   - schema: The app's schema.
    ///   - secrets: Further keys to treat as secrets.
    ///   - name: A name for access logs.
    public convenience init(
        userDefaults: UserDefaults, schema: PreferenceSchema? = nil,
        secrets: SecretsSpecifier<String, ConfigContent> = .none, name: String? = nil
    ) {
        self.init(
            reference: SuiteReference(unchecked: userDefaults), schema: schema, secrets: secrets,
            name: name ?? "UserDefaults", fileStore: nil)
    }

    /// Opens a file suite, `$XDG_CONFIG_HOME/<suite>.plist` unless a directory is given; other processes' writes
    /// reach it while ``run()`` runs.
    ///
    /// - Parameters:
    ///   - suite: The suite's name.
    ///   - directory: The configuration directory; `$XDG_CONFIG_HOME`, else `~/.config`, when `nil`.
    ///   - schema: The app's schema.
    ///   - secrets: Further keys to treat as secrets.
    /// - Throws: ``/PrefsStoreKit/FileStoreError`` when the name is invalid or the directory cannot be watched.
    public convenience init(
        suite: String, directory: URL? = nil, schema: PreferenceSchema? = nil,
        secrets: SecretsSpecifier<String, ConfigContent> = .none
    ) throws(FileStoreError) {
        let store = try FileStore(directory: directory)
        let fileSuite = try store.suite(suite)
        self.init(reference: SuiteReference(fileSuite), schema: schema, secrets: secrets, name: suite, fileStore: store)
    }

    private init(
        reference: SuiteReference, schema: PreferenceSchema?, secrets: SecretsSpecifier<String, ConfigContent>,
        name: String?, fileStore: FileStore?
    ) {
        self.suite = reference
        self.lookup = ConfigLookup(schema: schema, secrets: secrets)
        self.providerName = "PrefsProvider" + (name.map { "[\($0)]" } ?? "")
        self.fileStore = fileStore
    }

    /// Delivers other processes' writes to the suite this provider opened, until cancelled or shut down gracefully.
    ///
    /// A swift-service-lifecycle `Service`, run beside the app's other services. A provider over a store given to it
    /// has nothing of its own to run: that store's owner runs it.
    ///
    /// - Throws: ``/PrefsStoreKit/FileStoreError`` when the directory cannot be watched, or the watch dies.
    public func run() async throws {
        if let fileStore { return try await fileStore.run() }
        let (never, continuation) = AsyncStream.makeStream(of: Never.self)
        for await _ in never.cancelOnGracefulShutdown() {}
        continuation.finish()
    }
}

/// A suite the provider may use from any thread.
struct SuiteReference: @unchecked Sendable {
    // Unchecked only for `UserDefaults`, which Foundation documents as thread-safe; every PrefsKit store is Sendable
    // and goes through the checked initializer.
    let suite: any PersistentKeyValueStore

    init(_ suite: some PersistentKeyValueStore & Sendable) {
        self.suite = suite
    }

    init(unchecked userDefaults: UserDefaults) {
        self.suite = userDefaults
    }
}
