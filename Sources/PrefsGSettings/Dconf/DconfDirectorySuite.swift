public import PrefsCore
import PrefsGLib
import PrefsStoreKit
import Synchronization

/// The keys of one dconf directory that no schema describes, as a suite of the ``GSettingsStore`` named by the
/// directory (`/org/example/custom/`): what dconf-editor shows as keys with no schema.
///
/// Each value keeps the GVariant type it is stored with; a new key takes the type its value implies (`5` an `i`,
/// `'x'` an `s`), or the type GVariant text gives it. Keys that a schema at this directory declares belong to that
/// schema's suite, where their type and range are checked, and are left out here; subdirectories are suites of
/// their own. Reads go to dconf each time; the values last seen are kept only to tell what changed.
public final class DconfDirectorySuite: PersistentKeyValueStore, Sendable {
    /// The suite's name: the directory, starting and ending with `/`.
    public let name: String
    /// The store the suite belongs to.
    public let store: GSettingsStore
    public let changeNotifier = PersistentKeyValueChangeNotifier()
    public var launchArguments: LaunchArguments { store.launchArguments }
    let client: DconfClient
    /// The schema suite that owns some keys of this directory, and those keys, when a schema is at this path.
    let owner: (suite: String, keys: Set<String>)?
    /// The user values last seen, to tell what a change signal changed.
    let seen = SeenValues([:])
    /// The system databases' values and locks as last read.
    let layers = LiveSystemLayers()

    /// Opens a directory on the store's dconf client.
    init(path: String, client: DconfClient, owner: (suite: String, keys: Set<String>)?, store: GSettingsStore) {
        name = path
        self.client = client
        self.owner = owner
        self.store = store
        let (values, system) = GIOLock.run { (userValues(), readSystemLayers()) }
        seen.replace(with: values)
        layers.replace(with: system)
    }

    public func primitiveValue(forKey key: String) -> PropertyListValue? {
        GIOLock.run { userVariant(key).map(VariantConversion.value(of:)) }
    }

    public func primitiveValues() -> [String: PropertyListValue] {
        GIOLock.run { userValues() }
    }

    /// Why a key cannot be written, or `nil` when it can.
    public func readOnlyReason(forKey key: String) -> String? {
        if let owner, owner.keys.contains(key) { return "declared by schema \(owner.suite): change it there" }
        let writable = GIOLock.run { !isKeyName(key) || client.isWritable(name + key) }
        return writable ? nil : "locked by the system administrator (a dconf lock)"
    }

    // MARK: - Reading under the lock

    /// Whether a name can be a key of this directory: not empty, no `/`, and a valid dconf key once joined.
    func isKeyName(_ key: String) -> Bool {
        !key.isEmpty && !key.contains("/") && DconfClient.isKey(name + key)
    }

    /// The names of the keys here that belong to this suite, over the user's and the system databases; the caller
    /// holds ``GIOLock``.
    func keyNames() -> [String] {
        client.list(name).filter { !$0.hasSuffix("/") && !(owner?.keys.contains($0) ?? false) }
    }

    /// A key's user value, unless a schema here declares it; the caller holds ``GIOLock``.
    func userVariant(_ key: String) -> Variant? {
        guard isKeyName(key), !(owner?.keys.contains(key) ?? false) else { return nil }
        return client.userValue(name + key)
    }

    /// Every user value of this suite; the caller holds ``GIOLock``.
    func userValues() -> [String: PropertyListValue] {
        var values: [String: PropertyListValue] = [:]
        for key in keyNames() {
            if let variant = client.userValue(name + key) { values[key] = VariantConversion.value(of: variant) }
        }
        return values
    }

    // MARK: - Changes

    /// Reads keys dconf said changed, and delivers what did, attributed through the journal when it knows the
    /// writer.
    ///
    /// - Parameter keys: The keys, or `nil` for every key here and every key seen before (a directory reset).
    func refresh(_ keys: [String]?) {
        // Read and compared under GIO's lock, which a write of this process's holds until it has recorded what it made.
        let (differences, system) = GIOLock.run { () -> ([SeenValues.Difference], SystemLayers) in
            let differences = seen.differences { seenKeys in
                let names = keys ?? Array(Set(keyNames()).union(seenKeys))
                return names.map { ($0, userVariant($0).map(VariantConversion.value(of:))) }
            }
            return (differences, readSystemLayers())
        }
        let old = layers.replace(with: system)
        if old != system {
            post(system.changes(since: old, user: primitiveValues(), suite: name, fallback: Self.systemSource))
        }
        guard !differences.isEmpty else { return }
        post(
            store.journal.attribute(
                differences, suite: SuiteLocation.journalName(of: name), named: name, timeout: .milliseconds(200)
            ) { [store, name] key in store.heardWriter(ofPath: name + key) })
    }

    /// Delivers changes to this suite's observers and to the store's.
    func post(_ changes: [PersistentKeyValueChange]) {
        guard !changes.isEmpty else { return }
        changeNotifier.post(changes)
        store.changeNotifier.post(changes)
    }
}
