public import Configuration
public import Foundation
public import PrefsFileStore
public import PrefsKit

/// A swift-configuration provider over any PrefsKit store: a file suite, `UserDefaults`, a PostgreSQL suite, a
/// combined or a prefixed store.
///
/// ```swift
/// let config = ConfigReader(providers: [
///     EnvironmentVariablesProvider(),
///     try PrefsProvider(suite: "com.example.server"),
/// ])
/// let port = config.int(forKey: "http.port", default: 8080)
/// ```
///
/// Keys are read by ``StoredKeyPath``'s rule: `http.port` is the stored key `"http.port"`, or `port` inside a
/// dictionary stored as `"http"`. Watches are pushed by the store's own change events (inotify for a file suite,
/// `LISTEN` for PostgreSQL), never polled, and each watcher is told only when its own typed result changes.
public final class PrefsProvider: Sendable {
    /// The store's name in swift-configuration's access logs.
    public let providerName: String
    let store: StoreReference
    let lookup: ConfigLookup
    /// Keeps the file store's watcher running for a provider that opened the store itself.
    private let watching: PersistentKeyValueObservation?

    /// Creates a provider over a store.
    ///
    /// - Parameters:
    ///   - store: The store; changes from other processes reach watchers while its service runs.
    ///   - schema: The app's schema: keys it marks secret are passed as `isSecret`, and a key it declares renamed
    ///     still reads its former names.
    ///   - secrets: Further keys to treat as secrets, as swift-configuration's own providers take them.
    ///   - name: A name for access logs.
    public convenience init(
        store: some PersistentKeyValueStore & Sendable, schema: PreferenceSchema? = nil,
        secrets: SecretsSpecifier<String, ConfigContent> = .none, name: String? = nil
    ) {
        self.init(reference: StoreReference(store), schema: schema, secrets: secrets, name: name, watching: nil)
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
            reference: StoreReference(unchecked: userDefaults), schema: schema, secrets: secrets,
            name: name ?? "UserDefaults", watching: nil)
    }

    /// Opens a file suite, `$XDG_CONFIG_HOME/<suite>.plist` unless a directory is given, and watches it for other
    /// processes' writes for as long as the provider lives.
    ///
    /// - Parameters:
    ///   - suite: The suite's name.
    ///   - directory: The configuration directory; `$XDG_CONFIG_HOME`, else `~/.config`, when `nil`.
    ///   - schema: The app's schema.
    ///   - secrets: Further keys to treat as secrets.
    /// - Throws: ``FileStoreError`` when the name is invalid or the directory cannot be watched.
    public convenience init(
        suite: String, directory: URL? = nil, schema: PreferenceSchema? = nil,
        secrets: SecretsSpecifier<String, ConfigContent> = .none
    ) throws(FileStoreError) {
        let store = try FileStore(directory: directory)
        let fileSuite = try store.suite(suite)
        let watching = try store.startWatching()
        self.init(
            reference: StoreReference(fileSuite), schema: schema, secrets: secrets, name: suite, watching: watching)
    }

    private init(
        reference: StoreReference, schema: PreferenceSchema?, secrets: SecretsSpecifier<String, ConfigContent>,
        name: String?, watching: PersistentKeyValueObservation?
    ) {
        self.store = reference
        self.lookup = ConfigLookup(schema: schema, secrets: secrets)
        self.providerName = "PrefsProvider" + (name.map { "[\($0)]" } ?? "")
        self.watching = watching
    }
}

/// A store the provider may use from any thread.
struct StoreReference: @unchecked Sendable {
    // Unchecked only for `UserDefaults`, which Foundation documents as thread-safe; every PrefsKit store is Sendable
    // and goes through the checked initializer.
    let store: any PersistentKeyValueStore

    init(_ store: some PersistentKeyValueStore & Sendable) {
        self.store = store
    }

    init(unchecked userDefaults: UserDefaults) {
        self.store = userDefaults
    }
}
