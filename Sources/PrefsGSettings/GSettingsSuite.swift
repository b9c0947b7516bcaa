public import PrefsCore
import PrefsGLib
import PrefsStoreKit
import Synchronization

/// One GSettings schema at its path: a suite of the ``GSettingsStore``, and a store of its own for PrefsKit's typed
/// API.
///
/// Its values are what a user set: a key that holds its default reads as not stored, as `gsettings` tells the two
/// apart, and removing a key resets it. Reads go to GSettings each time, so they see every program's writes at once;
/// the values last seen are kept only to tell what changed when GSettings says a key did.
///
/// A suite opened while GIO is not loaded reads the files GSettings reads itself (`SchemaFiles`), as GSettings
/// reads them, sends its writes to dconf's service itself, and opens its GSettings object only when GIO must answer
/// what the files cannot, or convert what only GLib converts.
public final class GSettingsSuite: PersistentKeyValueStore, Sendable {
    /// The suite's name: the schema's id, or `SCHEMA:/path/` for a relocatable schema.
    public let name: String
    /// The store the suite belongs to.
    public let store: GSettingsStore
    public let changeNotifier = PersistentKeyValueChangeNotifier()
    public var launchArguments: LaunchArguments { store.launchArguments }
    let location: SuiteLocation
    /// The schema and values read from files, for a suite opened while GIO was not loaded.
    let files: SchemaFiles?
    /// The user values last seen, to tell what a "changed" signal changed.
    let seen = SeenValues([:])
    /// dconf's system databases and locks as this suite last read them (``readSystemLayers()``).
    let layers = LiveSystemLayers()
    /// Held while a refresh reads, compares and delivers (``refresh(_:)``).
    private let refreshing = Mutex(())

    /// Opens a suite, on its store's GSettings object for it when `files` is `nil`.
    init(location: SuiteLocation, files: SchemaFiles?, store: GSettingsStore) {
        name = location.name
        self.location = location
        self.store = store
        self.files = files
        let (values, system) = GIOLock.run { (userValues(), readSystemLayers()) }
        seen.replace(with: values)
        layers.replace(with: system)
    }

    /// The suite's GSettings object: the store's, opened with the suite unless it reads files, then at first need.
    ///
    /// - Throws: ``GSettingsStoreError`` when GIO cannot be loaded.
    func settings() throws(GSettingsStoreError) -> Settings {
        try store.settings(name)
    }

    /// The suite's GSettings object for a read, or `nil` when GIO cannot be loaded: a suite that reads files can meet
    /// that only where its store found dconf's GIO module but GIO lacks a function prefs calls, and then there is
    /// nothing more to read; every write, and the store's `run()`, say why.
    var settingsForReading: Settings? {
        do {
            return try settings()
        } catch {
            return nil
        }
    }

    /// What the files say, or `nil` when the suite reads through GSettings or the files cannot tell exactly; GIO is
    /// then asked, which is never wrong, only slower.
    ///
    /// - Parameter read: Reads the suite's files.
    /// - Returns: What `read` gave, or `nil`.
    func fromFiles<T>(_ read: (SchemaFiles) throws(GLibFile.Unreadable) -> T) -> T? {
        guard let files else { return nil }
        do {
            return try read(files)
        } catch {
            return nil
        }
    }

    public func primitiveValue(forKey key: String) -> PropertyListValue? {
        GIOLock.run { userValue(key) }
    }

    public func primitiveValues() -> [String: PropertyListValue] {
        GIOLock.run { userValues() }
    }

    /// Why a key cannot be written, or `nil` when it can.
    public func readOnlyReason(forKey key: String) -> String? {
        let writable: Bool
        if let known = fromFiles({ files throws(GLibFile.Unreadable) in
            files.schema.hasKey(key) ? try files.isWritable(key) : true
        }) {
            writable = known
        } else {
            // In doubt the write finds the lock: GSettings refuses it.
            guard let settings = settingsForReading else { return nil }
            writable = GIOLock.run { !settings.schema.hasKey(key) || settings.isWritable(key) }
        }
        return writable ? nil : "locked by the system administrator (a dconf lock)"
    }

    // MARK: - Reading under the lock

    /// A key's user value, from the files where they can tell, else GSettings'; the caller holds ``GIOLock``.
    func userValue(_ key: String) -> PropertyListValue? {
        if let value = fromFiles({ files throws(GLibFile.Unreadable) in try files.userValue(key) }) { return value }
        guard let settings = settingsForReading, settings.schema.hasKey(key), let variant = settings.userValue(key)
        else { return nil }
        return VariantConversion.value(of: variant)
    }

    /// Every user value, from the files where they can tell, else GSettings'; the caller holds ``GIOLock``.
    func userValues() -> [String: PropertyListValue] {
        if let values = fromFiles({ files throws(GLibFile.Unreadable) in try files.userValues() }) { return values }
        guard let settings = settingsForReading else { return [:] }
        var values: [String: PropertyListValue] = [:]
        for key in settings.schema.keyNames {
            if let variant = settings.userValue(key) { values[key] = VariantConversion.value(of: variant) }
        }
        return values
    }

    // MARK: - Changes

    /// Reads keys GSettings or dconf's signal said changed, and delivers what did, attributed to its writer when the
    /// journal knows it.
    ///
    /// One refresh at a time reads, compares and delivers: a change heard on two threads is told once, and a read
    /// never goes back behind one already told.
    ///
    /// - Parameters:
    ///   - keys: The keys.
    ///   - signal: The sender and serial of dconf's signal that announced the change, when the store heard it itself:
    ///     the store's monitor of the bus names its cause by it.
    func refresh(_ keys: [String], announcedBy signal: (sender: String, serial: UInt32)? = nil) {
        refreshing.withLock { _ in refreshNow(keys, announcedBy: signal) }
    }

    private func refreshNow(_ keys: [String], announcedBy signal: (sender: String, serial: UInt32)?) {
        // Read and compared under GIO's lock, which a write of this process's holds until it has recorded what it made.
        let differences = GIOLock.run { seen.differences(keys.map { ($0, userValue($0)) }) }
        // A change GSettings reports may be one of a system database's, or of its locks.
        defer { refreshSystemLayers() }
        guard !differences.isEmpty else { return }
        post(
            store.journal.attribute(
                differences, suite: location.journalName, named: name, timeout: .milliseconds(200)
            ) { [self] key in dconfPath.flatMap { store.heardWriter(ofPath: $0 + key, signal: signal) } })
    }

    /// The dconf directory the suite's keys are in: a relocatable instance's own, else its schema's.
    var dconfPath: String? {
        if let path = location.path ?? files?.path { return path }
        return store.fixedSchemaPaths().first { $0.value == location.schema }?.key
    }

    /// Delivers changes to this suite's observers and to the store's.
    func post(_ changes: [PersistentKeyValueChange]) {
        guard !changes.isEmpty else { return }
        changeNotifier.post(changes)
        store.changeNotifier.post(changes)
    }
}
