import CPrefsSystem
public import PrefsCore
public import PrefsStoreKit
import Synchronization
import SystemPackage

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One suite on disk — `<directory>/<name>.plist` — as a process-safe, live ``/PrefsCore/PersistentKeyValueStore``.
///
/// Reads come from an in-memory snapshot, with no system call; the store's watcher keeps the snapshot current when
/// any process writes the file. Writes take the suite's lock, read the file as it is now, change only their own keys
/// and copy every other entry byte for byte, and swap a new file into place, so no update is lost, nothing else in the
/// file changes, and a reader never sees half a file.
///
/// The file is the XML property list Foundation's `UserDefaults` writes, so plain `UserDefaults` programs read and
/// edit the same suites; a binary property list, as macOS writes them, is read and written as binary.
public final class FileSuite: PersistentKeyValueStore, Sendable {
    /// The suite's name.
    public let name: String
    /// The store the suite belongs to; it keeps the suite live.
    public let store: FileStore
    /// Where this suite's changes are posted, whoever made them.
    public let changeNotifier = PersistentKeyValueChangeNotifier()
    let files: SuiteFiles
    /// The suite's system layers and locks (``FileStore/systemDirectories``), read when it opens, before each write,
    /// and when the store's watch sees their files change.
    @usableFromInline let layers = LiveSystemLayers()
    private let state = Mutex(State())
    /// The ``State/generation`` of the state's image, published for reads that take no lock (``primitiveValue(forKey:)``).
    private let published = Atomic<UInt64>(0)

    struct State {
        /// The file as last read or written, slimmed (see ``SuiteImage/slimmed(above:)``); empty when there is none
        /// or it cannot be read.
        var image: SuiteImage {
            didSet {
                generation = ReadSnapshot.nextGeneration()
                snapshot = nil
            }
        }
        var problem: FileStoreError?
        /// The bytes this process is swapping into place, whose contents it applies itself.
        var expected: [UInt8]?
        /// Which image this is, as no other image of any suite in the process is numbered.
        private(set) var generation = ReadSnapshot.nextGeneration()
        /// The image as a snapshot threads keep, made when a read first asks for it.
        var snapshot: ReadSnapshot?

        /// A state, its image slimmed; built before taking the state's lock, since slimming a large file hashes it.
        init(image: SuiteImage = .empty, problem: FileStoreError? = nil) {
            self.image = image.slimmed()
            self.problem = problem
        }

        var values: [String: PropertyListValue] { image.values }
    }

    init(name: SuiteName, store: FileStore, loadingNow: Bool) {
        self.name = name.rawValue
        self.store = store
        files = SuiteFiles(directory: store.directoryPath, name: name, settlingPauses: store.settlingPauses)
        published.store(state.withLock { $0.generation }, ordering: .releasing)
        if loadingNow {
            reloadSystemLayers(posting: false)
            reload(posting: false)
        }
    }

    /// The format of the suite's file as last read or written; the store's ``FileStore/newSuiteFormat`` for a suite
    /// with no file yet.
    public var format: SuiteFileFormat {
        withState { $0.image.isEmptyFile ? store.newSuiteFormat : $0.image.format }
    }

    /// The suite's property list file.
    public var fileURL: URL { URL(fileURLWithPath: files.plist.string) }

    /// Why the suite's file cannot be used, if it cannot: it does not decode, or it cannot be read.
    ///
    /// Reads then return defaults, and writes are refused until the file is recovered (``recover(from:)``) or
    /// readable again.
    public var problem: FileStoreError? { state.withLock { $0.problem } }

    /// Throws the suite's ``problem``, if it has one.
    ///
    /// - Throws: ``/PrefsStoreKit/FileStoreError/corrupt(suite:path:reason:)`` or ``/PrefsStoreKit/FileStoreError/unreadable(suite:path:reason:)``
    ///   naming the suite and its file.
    public func checkReadable() throws(FileStoreError) {
        if let problem { throw problem }
    }

    // Inlinable, with ``liveSystemLayers``, so that a typed read specialized for this suite checks both without a
    // call and the retain of what it returns.
    @inlinable public var launchArguments: LaunchArguments { store.launchArguments }

    /// The value stored under exactly this key.
    ///
    /// A thread reads from the snapshot it last read from, when this suite's image has not changed since: no lock and
    /// no atomic write, a third of a typed read when it took the state's mutex. The thread keeps that snapshot until
    /// it reads another one, or ends (`ReadSnapshot`).
    public func primitiveValue(forKey key: String) -> PropertyListValue? {
        let current = published.load(ordering: .acquiring)
        let cache = cprefs_thread_read_cache(ReadSnapshot.releaseKept)
        if let cache, cache.pointee.owner == UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()),
            cache.pointee.generation == current, let kept = cache.pointee.snapshot
        {
            return Unmanaged<ReadSnapshot>.fromOpaque(kept)._withUnsafeGuaranteedRef { $0.value(forKey: key) }
        }
        return snapshot(keptIn: cache).value(forKey: key)
    }

    /// The snapshot of the state's image, made once per image, and kept by this thread when it can.
    private func snapshot(keptIn cache: UnsafeMutablePointer<cprefs_read_cache>?) -> ReadSnapshot {
        let snapshot = state.withLock { state in
            if let made = state.snapshot { return made }
            let made = ReadSnapshot(image: state.image, generation: state.generation)
            state.snapshot = made
            return made
        }
        guard let cache, cache.pointee.registered != 0 else { return snapshot }
        let previous = cache.pointee.snapshot
        cache.pointee.owner = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        cache.pointee.generation = snapshot.generation
        cache.pointee.snapshot = Unmanaged.passRetained(snapshot).toOpaque()
        if let previous { Unmanaged<ReadSnapshot>.fromOpaque(previous).release() }
        return snapshot
    }

    /// The stored keys in ascending order, each exactly as the file spells it.
    ///
    /// A file in the writer's layout lists its keys sorted, so this usually shares the array the suite already holds
    /// instead of sorting: an editor listing 100,000 keys gets them without a copy or a sort. Keys that differ only in
    /// Unicode normalisation are two keys here, as in the file, though ``primitiveValues()`` (a Swift dictionary)
    /// can hold only one of them.
    ///
    /// - Returns: The keys, sorted with `<`.
    public func sortedKeys() -> [String] {
        state.withLock { $0.image.sortedKeys }
    }

    /// Whether the suite keeps its file's bytes, rather than fingerprints of a large file (see
    /// ``SuiteImage/slimmed(above:)``).
    var keepsFileBytes: Bool { state.withLock { $0.image.bytes != nil } }

    public func primitiveValues() -> [String: PropertyListValue] {
        state.withLock { $0.values }
    }

    /// The suite's journal records, oldest first.
    ///
    /// - Parameters:
    ///   - key: Only this key's changes; all keys when `nil`.
    ///   - limit: At most this many, the newest; only those are decoded.
    /// - Returns: The records the bounded journal still holds.
    package func journalRecords(key: String? = nil, limit: Int? = nil) -> [JournalRecord] {
        store.journal.records(of: files.name, key: key, limit: limit)
    }

    // MARK: - Snapshot

    func withState<Result>(_ body: (inout State) -> Result) -> Result {
        state.withLock { state in
            let result = body(&state)
            published.store(state.generation, ordering: .releasing)
            return result
        }
    }

    /// Delivers changes to this suite's observers and to the store's.
    func post(_ changes: [PersistentKeyValueChange]) {
        guard !changes.isEmpty else { return }
        changeNotifier.post(changes)
        store.changeNotifier.post(changes)
    }
}
