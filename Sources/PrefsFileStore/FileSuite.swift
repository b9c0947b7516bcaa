public import Foundation
public import PrefsKit
import Synchronization

/// One suite on disk — `<directory>/<name>.plist` — as a process-safe, live ``PersistentKeyValueStore``.
///
/// Reads come from an in-memory snapshot, with no system call; the store's watcher keeps the snapshot current when
/// any process writes the file. Writes take the suite's lock, re-read the file if another process changed it, apply
/// only their own keys, and rename a new file into place, so no update is lost and a reader never sees half a file.
///
/// The file is the XML property list Foundation's `UserDefaults` writes, so plain `UserDefaults` programs read and
/// edit the same suites.
public final class FileSuite: PersistentKeyValueStore, Sendable {
    /// The suite's name.
    public let name: String
    /// The store the suite belongs to; it keeps the suite live.
    public let store: FileStore
    /// Where this suite's changes are posted, whoever made them.
    public let changeNotifier = PersistentKeyValueChangeNotifier()
    let files: SuiteFiles
    private let state = Mutex(State())

    struct State {
        /// The file as last read or written; empty when there is none or it does not decode.
        var image = SuiteImage.empty
        var identity: FileIdentity?
        var problem: FileStoreError?
        /// The identity of a file this process is renaming into place, whose contents it applies itself.
        var expected: FileIdentity?

        var values: [String: PropertyListValue] { image.values }
    }

    init(name: SuiteName, store: FileStore, loadingNow: Bool) {
        self.name = name.rawValue
        self.store = store
        files = SuiteFiles(directory: store.directoryPath, name: name)
        if loadingNow { reload(posting: false) }
    }

    /// The suite's property list file.
    public var fileURL: URL { URL(fileURLWithPath: files.plist.string) }

    /// Why the suite's file cannot be read, if it cannot: reads then return defaults, and writes are refused until
    /// the file is recovered.
    public var problem: FileStoreError? { state.withLock { $0.problem } }

    /// Throws the suite's ``problem``, if it has one.
    ///
    /// - Throws: ``FileStoreError/corrupt(suite:path:reason:)`` naming the suite and its file.
    public func checkReadable() throws(FileStoreError) {
        if let problem { throw problem }
    }

    public var launchArguments: LaunchArguments { store.launchArguments }

    public func primitiveValue(forKey key: String) -> PropertyListValue? {
        state.withLock { $0.values[key] }
    }

    /// The stored keys in ascending order.
    ///
    /// A file in the writer's layout lists its keys sorted, so this usually shares the array the suite already holds
    /// instead of sorting: an editor listing 100,000 keys gets them without a copy or a sort.
    ///
    /// - Returns: The keys, sorted with `<`.
    public func sortedKeys() -> [String] {
        state.withLock { $0.image.sortedKeys }
    }

    public func primitiveValues() -> [String: PropertyListValue] {
        state.withLock { $0.values }
    }

    public func setPrimitiveValue(_ value: PropertyListValue?, forKey key: String) throws(PersistentKeyValueStoreError)
    {
        try setPrimitiveValues([key: value])
    }

    public func setPrimitiveValues(_ changes: [String: PropertyListValue?]) throws(PersistentKeyValueStoreError) {
        do {
            try commit(changes)
        } catch {
            throw error.storeError
        }
    }

    /// The suite's change history from the journal, oldest first.
    ///
    /// - Parameter key: Only this key's changes; all keys when `nil`.
    /// - Returns: The records the bounded journal still holds.
    public func history(key: String? = nil) -> [JournalRecord] {
        let records = store.journal.records(of: files.name)
        guard let key else { return records }
        return records.filter { $0.key == key }
    }

    /// Moves an unreadable file aside as `<suite>.plist.corrupt-<time>` and starts the suite afresh.
    ///
    /// - Returns: Where the broken file was moved, or `nil` when the suite was readable and nothing was done.
    /// - Throws: ``FileStoreError`` when the file cannot be moved.
    @discardableResult
    public func recover() throws(FileStoreError) -> URL? {
        let moved = try files.withLock(exclusive: true) { () throws(FileStoreError) -> String? in
            do throws(FileStoreError) {
                _ = try files.read(restoring: true)
                return nil
            } catch .corrupt {
                return try files.moveAside().string
            } catch {
                throw error
            }
        }
        reload(posting: true)
        return moved.map { URL(fileURLWithPath: $0) }
    }

    // MARK: - Snapshot

    func withState<Result>(_ body: (inout State) -> Result) -> Result {
        state.withLock { body(&$0) }
    }

    /// Delivers changes to this suite's observers and to the store's.
    func post(_ changes: [PersistentKeyValueChange]) {
        guard !changes.isEmpty else { return }
        changeNotifier.post(changes)
        store.changeNotifier.post(changes)
    }
}
