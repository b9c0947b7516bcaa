public import PrefsCore
import PrefsStoreKit
import Synchronization
import SystemPackage

/// One KConfig file, with the system copies beneath it: a suite of the ``KConfigStore``, and a store of its own for
/// PrefsKit's typed API.
///
/// Its values are the user's file's entries, named `Group/Key` (`KConfigKeyPath`), typed by the file's `.kcfg`
/// schema when one is installed, else text. The system copies are its system layers, and their `[$i]` entries,
/// groups and files its locks (`systemLayers(_:)`); a `[$d]` in the user's file hides a system value, as
/// KConfig reads it. A `[$e]` value reads expanded. Localized entries (`key[de]=`) are kept but not read: `prefs`
/// reads as a program in the C locale.
///
/// Reads check the files' identities (inode, size, time) and parse again what changed, so that they see every
/// program's writes at once, with or without ``KConfigStore/run()``.
public final class KConfigSuite: PersistentKeyValueStore, Sendable {
    /// The suite's name: its file's path under the configuration folder.
    public let name: String
    /// The store the suite belongs to.
    public let store: KConfigStore
    public let changeNotifier = PersistentKeyValueChangeNotifier()
    public var launchArguments: LaunchArguments { store.launchArguments }
    /// The user's file.
    let path: FilePath
    /// The types the schema declares, read when a value is first typed: listing 200 files must not parse 150
    /// schemas.
    private let schemaTypes = Mutex<[String: KConfigValueType]?>(nil)
    /// The user's values, typed, for the files as they were when typed.
    private let typed = Mutex<(identities: [FileIdentity?], values: [String: PropertyListValue])?>(nil)
    /// The files as last read, for reads.
    let state: Mutex<Snapshot>
    /// The files as last told to observers, which changes are told against: reads may see a change before the watch
    /// does, and must not make it go untold.
    let delivered: Mutex<Snapshot>
    /// Held by this process's write from the file's replacement until it has taken the new file as told, and by the
    /// watch while it tells a change: so that the watch, woken by the write, never tells it a second time.
    let exchange = Mutex(())
    let layers = LiveSystemLayers()

    /// The files as last read.
    struct Snapshot: Sendable {
        /// The identities of the user's file and of each system copy, lowest priority first.
        var identities: [FileIdentity?]
        var file: KConfigFile
        var user: KConfigLayer
        var system: KConfigLayer
        /// The system copies left out, one line each (``KConfigStoreError/untrusted(path:reason:)``).
        var problems: [String] = []
    }

    /// Opens a suite and reads its files.
    init(name: String, store: KConfigStore) throws(KConfigStoreError) {
        self.name = name
        self.store = store
        path = store.userFile(name)
        let snapshot = try Self.read(name: name, store: store)
        state = Mutex(snapshot)
        delivered = Mutex(snapshot)
        layers.replace(with: systemLayers(snapshot))
    }

    public func primitiveValue(forKey key: String) -> PropertyListValue? {
        value(forKey: key, in: current())
    }

    public func primitiveValues() -> [String: PropertyListValue] {
        values(of: current())
    }

    /// The type of each key the schema declares; text for every other.
    ///
    /// A schema that cannot be read leaves the values as text, which is what they are in the file; `prefs schema`
    /// reports why it cannot be read.
    var types: [String: KConfigValueType] {
        if let known = schemaTypes.withLock({ $0 }) { return known }
        let found = (try? store.catalog.described(name))??.types ?? [:]
        schemaTypes.withLock { $0 = found }
        return found
    }

    /// One value of the user's file, typed.
    func value(forKey key: String, in snapshot: Snapshot) -> PropertyListValue? {
        guard let path = KConfigKeyPath(name: key), let value = snapshot.user.values[path] else { return nil }
        return Self.typed(value, key: key, types: types, environment: store.environment)
    }

    /// Every value of the user's file, typed; kept until the files change.
    func values(of snapshot: Snapshot) -> [String: PropertyListValue] {
        if let known = typed.withLock({ $0 }), known.identities == snapshot.identities { return known.values }
        var values: [String: PropertyListValue] = [:]
        let types = types
        for key in snapshot.user.keys {
            guard let value = snapshot.user.values[key] else { continue }
            values[key.name] = Self.typed(value, key: key.name, types: types, environment: store.environment)
        }
        typed.withLock { $0 = (snapshot.identities, values) }
        return values
    }

    /// Why a key cannot be written: an `[$i]` on it, its group or its file, in a system copy or the user's own.
    public func readOnlyReason(forKey key: String) -> String? {
        let snapshot = current()
        return Self.immutability(of: key, in: snapshot).map { "locked by \($0) ([$i])" }
    }

    /// The text of a `[$e]` entry, before its variables are expanded.
    public func unexpandedText(forKey key: String) -> String? {
        guard let path = KConfigKeyPath(name: key), let value = current().user.values[path], value.expands else {
            return nil
        }
        return value.raw
    }

    // MARK: - Reading

    /// The files as they are now, read again if any changed since the last read.
    func current() -> Snapshot {
        let known = state.withLock { $0 }
        let identities = Self.identities(name: name, store: store)
        guard identities != known.identities else { return known }
        guard let fresh = try? Self.read(name: name, store: store) else {
            // A file that became unreadable keeps what was read last; a write says why it cannot go ahead.
            return known
        }
        state.withLock { $0 = fresh }
        layers.replace(with: systemLayers(fresh))
        return fresh
    }

    /// The identities of the user's file and each system copy.
    static func identities(name: String, store: KConfigStore) -> [FileIdentity?] {
        ([store.userFile(name)] + store.systemFiles(name)).map { (try? FileIdentity.of($0)) ?? nil }
    }

    /// Reads the user's file and the system copies.
    static func read(name: String, store: KConfigStore) throws(KConfigStoreError) -> Snapshot {
        // Identities first: a file replaced while it is read is read again by the next call.
        let identities = Self.identities(name: name, store: store)
        var system = KConfigLayer()
        var problems: [String] = []
        for copy in store.systemFiles(name) {
            let bytes: [UInt8]
            do {
                guard let read = try KConfigDisk.read(copy, administrators: true) else { continue }
                bytes = read
            } catch .untrusted(let path, let reason) {
                // Left out, as the file store leaves out such a layer, and said wherever the layers are.
                problems.append("\(KConfigStoreError.untrusted(path: path, reason: reason))")
                continue
            }
            if !system.read(KConfigFile(bytes: bytes), source: copy.string) { break }
        }
        let userPath = store.userFile(name)
        let file = try KConfigDisk.read(userPath).map(KConfigFile.init(bytes:)) ?? KConfigFile()
        var user = KConfigLayer()
        user.read(file, source: userPath.string)
        return Snapshot(identities: identities, file: file, user: user, system: system, problems: problems)
    }

    /// A value as KConfig reads it: expanded when `[$e]`, then typed by the schema.
    static func typed(
        _ value: KConfigLayer.Value, key: String, types: [String: KConfigValueType], environment: [String: String]
    ) -> PropertyListValue {
        let text = value.expands ? KConfigExpansion.expanded(value.raw, environment: environment) : value.raw
        return (types[key] ?? .string).value(of: text)
    }

    /// What makes a key immutable, if anything: the file whose `[$i]` covers it.
    static func immutability(of key: String, in snapshot: Snapshot) -> String? {
        if let file = snapshot.system.immutableFile ?? snapshot.user.immutableFile { return file }
        guard let path = KConfigKeyPath(name: key) else { return nil }
        if let value = snapshot.system.values[path], value.immutable { return value.source }
        if let file = snapshot.system.immutableGroups[path.group] ?? snapshot.user.immutableGroups[path.group] {
            return file
        }
        if let value = snapshot.user.values[path], value.immutable { return value.source }
        return nil
    }
}
