public import PrefsCore
public import PrefsStoreKit
import PrefsSystem
import Synchronization
import SystemPackage

/// One QSettings INI file (`Org/App`): its keys' values as a fresh Qt process reads them, written entry by entry in
/// Qt's own spelling under Qt's lock (`APP.conf.lock`), through the kit's journaled write.
public final class QSettingsSuite: JournaledSuite, Sendable {
    public let name: String
    public let changeNotifier = PersistentKeyValueChangeNotifier()
    public var launchArguments: LaunchArguments { .none }
    public var journal: SuiteJournal { store.journal }
    /// The name in the journal's folder: the suite's, its `/` a file name cannot hold made `~`.
    public var journalName: String { String(name.map { $0 == "/" ? "~" : $0 }) }
    let store: QSettingsStore
    /// What this suite last saw the file hold, to tell other programs' changes from its own.
    let seen = SeenValues(nil)
    /// The file as last read, with its identity: read again only when another file is there.
    private let cache = Mutex<(identity: FileIdentity?, file: QSettingsFile)?>(nil)

    init(name: String, store: QSettingsStore) {
        self.name = name
        self.store = store
    }

    /// The file's path.
    var path: FilePath { store.file(name) }

    public func primitiveValue(forKey key: String) -> PropertyListValue? { readOrReport()[key] }
    public func primitiveValues() -> [String: PropertyListValue] { readOrReport() }

    /// Writes keys as one save: under the journal's lock and Qt's own, the file is read afresh, each change made to
    /// its own entry (a key's stored type kept), the result read again to check that nothing else changed, the file
    /// replaced atomically with its mode kept; a key that no longer holds what `expecting` says refuses it all.
    public func commit(_ changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?]) throws
        -> [PersistentKeyValueChange]
    {
        let lock = QtLockFile(path: FilePath(path.string + ".lock"))
        let applied = try journal.write(
            suite: journalName, timeout: store.lockTimeout, onFailure: reportWriteFailure
        ) { steps in
            do {
                return try lock.withLock(timeout: store.lockTimeout, steps)
            } catch let error as QtLockFileError {
                throw QSettingsStoreError(error)
            }
        } plan: { writer in
            let file = try read()
            let stored = file.values
            let held = stored.mapValues(\.propertyListValue)
            if let key = expecting.keys.sorted().first(where: { held[$0] != expecting[$0] ?? nil }) {
                throw PersistentKeyValueStoreError.changedSince(key: key)
            }
            let wanted = changes.filter { held[$0.key] != $0.value }
            guard !wanted.isEmpty else { return nil }
            var variants: [String: QtVariant?] = [:]
            for (key, value) in wanted {
                guard let value else {
                    variants[key] = .some(nil)
                    continue
                }
                do {
                    variants[key] = try QtVariant.storing(value, over: stored[key])
                } catch {
                    throw QSettingsStoreError.invalidValue(suite: name, key: key, reason: "\(error)")
                }
            }
            let edited: QSettingsFile
            do {
                edited = try file.edited(variants)
            } catch {
                throw QSettingsStoreError.refusedEdit(path: path.string, reason: "\(error)")
            }
            let after = edited.values.mapValues(\.propertyListValue)
            let planned = wanted.keys.sorted().map { key in
                PersistentKeyValueChange(
                    suite: name, key: key, oldValue: held[key], newValue: after[key], origin: .thisProcess,
                    writer: writer)
            }
            return SuiteJournal.Plan(changes: planned) { [self] in
                try seen.making(planned) { try QSettingsDisk.replace(path, with: edited.bytes) }
            }
        }
        post(applied)
        return applied
    }

    /// Tells what another program (a Qt app) changed, attributed to its writer when the journal knows it.
    func refresh() {
        let differences = seen.differences { seenKeys in
            let now = readOrReport()
            return Set(now.keys).union(seenKeys).sorted().map { ($0, now[$0]) }
        }
        post(journal.attribute(differences, suite: journalName, named: name, timeout: .milliseconds(200)))
    }

    /// Starts telling other programs' changes from what the file holds now.
    func prime() {
        seen.prime(readOrReport())
    }

    private func post(_ changes: [PersistentKeyValueChange]) {
        guard !changes.isEmpty else { return }
        changeNotifier.post(changes)
        store.changeNotifier.post(changes)
    }

    /// The file as it is now; an empty one when there is none.
    func read() throws(QSettingsStoreError) -> QSettingsFile {
        let identity: FileIdentity?
        do {
            identity = try FileIdentity.of(path)
        } catch {
            throw .unreadable(path: path.string, reason: "\(error)")
        }
        if let cached = cache.withLock({ $0 }), cached.identity == identity, identity != nil { return cached.file }
        let file = QSettingsFile(try QSettingsDisk.read(path) ?? [])
        cache.withLock { $0 = (identity, file) }
        return file
    }

    private func readOrReport() -> [String: PropertyListValue] {
        do {
            return try read().values.mapValues(\.propertyListValue)
        } catch {
            changeNotifier.report(error)
            return [:]
        }
    }
}
