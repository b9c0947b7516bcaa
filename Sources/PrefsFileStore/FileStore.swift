import Logging
public import PrefsCore
public import PrefsStoreKit
import PrefsSystem
import Synchronization
import SystemPackage

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A directory of suites, as Foundation's `UserDefaults` keeps them on Linux: `<directory>/<suite>.plist`.
///
/// ```swift
/// let store = try FileStore()                   // $XDG_CONFIG_HOME, else ~/.config
/// let suite = try store.suite("com.example.app")
/// suite.set(.theme, to: .dark)                  // locked, atomic, journaled
/// for await change in store.changes() { … }     // every suite, whoever writes, while
/// try await store.run()                          // … runs, in a task or a ServiceGroup
/// ```
///
/// While ``run()`` runs (or a ``startWatching()`` token is held), the store watches its directory (with inotify on
/// Linux; watching the file itself would stop at the first rename) and keeps each open suite's snapshot current. A
/// suite stays live while it, or the store, is referenced. Without a watch, a suite sees other processes' changes
/// when it next writes, which re-reads the file under the lock.
public final class FileStore: Sendable {
    /// How hard a write tries to survive a crash.
    public enum Durability: Sendable, Hashable {
        /// The new file is renamed over the old one, so a writer killed at any moment leaves the old file or the new
        /// one. The default. On ext4, renaming over a file also makes the kernel write the new file's data first,
        /// which protects against a power loss too; on other file systems that protection needs ``powerLoss``.
        case processCrash
        /// Also flushes the new file to the disk before renaming it, to survive a power loss on any file system, at
        /// the cost of an `fsync` per write.
        case powerLoss
    }

    /// The directory holding the suites.
    public let directory: URL
    /// The directory holding this store's change journals, one file per suite.
    public let journalDirectory: URL
    /// The overrides applied when a suite is read through a key; never written.
    public let launchArguments: LaunchArguments
    /// How hard writes try to survive a crash.
    public let durability: Durability
    /// How long a write waits for another process to release a suite's lock while nobody writes the suite; five
    /// seconds by default.
    ///
    /// Each write by another process starts the wait again, so a write queued behind busy writers waits its turn; one
    /// that waits this long with no write happening gives up with ``/PrefsStoreKit/FileStoreError/locked(suite:path:holder:seconds:)``.
    /// Reads wait at most two seconds, then read the file as it is (it is always swapped in whole).
    public let lockTimeout: Duration
    /// The format a suite's file is created in; a suite with a file keeps its own.
    ///
    /// XML by default, as Foundation's `UserDefaults` writes suites on Linux; binary keeps dates to their full
    /// precision and strings with any character.
    public let newSuiteFormat: SuiteFileFormat
    /// The folders whose `<suite>.plist` and `<suite>.locks` files are the suites' system layers and locks, the first
    /// winning: `$XDG_CONFIG_DIRS`, else `/etc/xdg`, by default.
    public let systemDirectories: [URL]
    /// How long an empty or undecodable file is read again before it is believed (see
    /// ``SuiteFiles/readSettled(previous:underLock:keepingBytes:)``).
    let settlingPauses: [UInt32]
    /// The pauses stores opened in this task wait instead, when set: how a test of damaged files, which no other
    /// program is rewriting, runs its commands in-process without sleeping a second on each (as the fuzzer does).
    @TaskLocal package static var settlingPausesInTask: [UInt32]?
    /// The largest file a write may leave: ``SuiteFiles/maximumFileSize``, the most every reader takes.
    let maximumFileSize: Int
    /// A smaller largest file for stores opened in this task: how a test reaches the limit without writing 64 MiB
    /// through a debug build.
    @TaskLocal package static var maximumFileSizeInTask: Int?

    /// How long a reader waits for a suite's lock, when it wants to agree with the journal on who wrote a change: two
    /// seconds at most, then it reads the file as it is.
    var readerLockTimeout: Duration { min(lockTimeout, .seconds(2)) }
    /// Where every suite's changes are posted: the callbacks and the stream for all suites build on it.
    public let changeNotifier = PersistentKeyValueChangeNotifier()

    let directoryPath: FilePath
    let journal: ChangeJournal
    /// The same journal, for the kit's one journaled write.
    let suiteJournal: SuiteJournal
    let layerFiles: SystemLayerFiles
    private let suites = Mutex<[String: WeakSuite]>([:])
    private let observation = Mutex(ObservationState())
    private let watching = Mutex(WatchState())

    private struct WatchState {
        var holders = 0
        var watcher: DirectoryWatcher?
        /// One per system folder that exists; a folder created later is not seen until the watch starts again.
        var layerWatchers: [DirectoryWatcher] = []
    }

    private final class WeakSuite: Sendable {
        weak let suite: FileSuite?

        init(_ suite: FileSuite) {
            self.suite = suite
        }
    }

    private struct ObservationState {
        var observers = 0
        var retained: [String: FileSuite] = [:]
    }

    /// Opens a directory of suites, creating it if needed; nothing runs in the background until ``run()`` or
    /// ``startWatching()``.
    ///
    /// - Parameters:
    ///   - directory: The directory; `$XDG_CONFIG_HOME`, else `~/.config`, when `nil`.
    ///   - journalDirectory: Where to keep the change journals; when `nil`, a folder under
    ///     `$XDG_STATE_HOME/prefs/journal/` (else `~/.local/state/…`) that belongs to this directory alone, so two
    ///     configuration directories never mix their histories.
    ///   - launchArguments: The overrides to apply when reading; this process's by default.
    ///   - durability: How hard writes try to survive a crash.
    ///   - lockTimeout: How long a write waits for a suite's lock.
    ///   - newSuiteFormat: The format a suite's file is created in; a suite with a file keeps its own.
    ///   - systemDirectories: The folders of the suites' system layers and locks, the first winning;
    ///     `$XDG_CONFIG_DIRS` (else `/etc/xdg`) when `nil`, and none for `[]`.
    /// - Throws: ``/PrefsStoreKit/FileStoreError/io(path:operation:reason:)`` when the directory cannot be created.
    public convenience init(
        directory: URL? = nil, journalDirectory: URL? = nil, launchArguments: LaunchArguments = .process,
        durability: Durability = .processCrash, lockTimeout: Duration = .seconds(5),
        newSuiteFormat: SuiteFileFormat = .xml, systemDirectories: [URL]? = nil
    ) throws(FileStoreError) {
        try self.init(
            directory: directory, journalDirectory: journalDirectory, launchArguments: launchArguments,
            durability: durability, lockTimeout: lockTimeout,
            settlingPauses: Self.settlingPausesInTask ?? SuiteFiles.settlingPauses,
            newSuiteFormat: newSuiteFormat, systemDirectories: systemDirectories)
    }

    /// Creates a store whose reads wait `settlingPauses` for an empty or undecodable file to settle.
    init(
        directory: URL?, journalDirectory: URL?, launchArguments: LaunchArguments, durability: Durability,
        lockTimeout: Duration, settlingPauses: [UInt32], newSuiteFormat: SuiteFileFormat = .xml,
        systemDirectories: [URL]? = nil
    ) throws(FileStoreError) {
        self.settlingPauses = settlingPauses
        maximumFileSize =
            Self.maximumFileSizeInTask.map { min($0, SuiteFiles.maximumFileSize) } ?? SuiteFiles.maximumFileSize
        self.newSuiteFormat = newSuiteFormat
        let directory = (directory ?? XDGDirectories.configHome()).standardizedFileURL
        self.directory = directory
        self.journalDirectory = journalDirectory ?? XDGDirectories.journalDirectory(forConfigDirectory: directory)
        self.launchArguments = launchArguments
        self.durability = durability
        self.lockTimeout = lockTimeout
        directoryPath = FilePath(directory.path)
        // The user's own folder is never a layer beneath itself, whatever $XDG_CONFIG_DIRS says.
        let layerFolders = (systemDirectories ?? XDGDirectories.configDirectories()).map(\.standardizedFileURL)
            .filter { $0.path != directory.path }
        self.systemDirectories = layerFolders
        layerFiles = SystemLayerFiles(directories: layerFolders.map { FilePath($0.path) })
        var journal = ChangeJournal(directory: FilePath(self.journalDirectory.path))
        let catalog = SchemaCatalog(configDirectory: directory)
        journal.secrets = JournalSecrets(manifests: catalog.directory) {
            try catalog.schema(for: $0)?.secretStoredKeys ?? []
        }
        self.journal = journal
        suiteJournal = SuiteJournal(journal: journal)
        do {
            try FileSystem.createDirectory(directoryPath)
        } catch {
            throw FileStoreError.io(path: directory.path, operation: "create the directory", reason: "\(error)")
        }
    }

    /// Starts watching the directory, on a thread of the store's, until the returned token is cancelled or released.
    ///
    /// Prefer ``run()`` in async code. Tokens are counted: the thread stops when the last one goes. When the watch
    /// fails later (a system call on the inotify descriptor fails), the thread ends and every observer's problem
    /// handler is told, and ``run()`` throws.
    ///
    /// - Returns: The token.
    /// - Throws: ``/PrefsStoreKit/FileStoreError/io(path:operation:reason:)`` when the directory cannot be watched.
    public func startWatching() throws(FileStoreError) -> PersistentKeyValueObservation {
        try watching.withLock { (state: inout WatchState) throws(FileStoreError) in
            if state.watcher == nil {
                do {
                    let watcher = try DirectoryWatcher(
                        directory: directoryPath,
                        onChange: { [weak self] names, overflowed in
                            self?.directoryChanged(names: names, overflowed: overflowed)
                        },
                        onFailure: { [weak self] error in self?.watcherFailed(error) })
                    try watcher.start()
                    state.watcher = watcher
                } catch {
                    throw FileStoreError.io(path: directory.path, operation: "watch", reason: "\(error)")
                }
                state.layerWatchers = watchSystemDirectories()
            }
            state.holders += 1
        }
        return PersistentKeyValueObservation { [weak self] in
            self?.watching.withLock { state in
                state.holders -= 1
                if state.holders == 0 {
                    state.watcher = nil
                    state.layerWatchers = []
                }
            }
        }
    }

    /// Whether the directory is being watched now.
    public var isWatching: Bool { watching.withLock { $0.watcher != nil } }

    /// Tells observers that the watch died, and forgets the watcher so that the next start sets up a new one.
    private func watcherFailed(_ error: Errno) {
        watching.withLock {
            $0.watcher = nil
            $0.layerWatchers = []
        }
        let problem = FileStoreError.io(
            path: directory.path, operation: "watch", reason: "\(error); changes are no longer seen")
        PrefsLogging.logger.error("\(TextEscaping.escaped("\(problem)"))", metadata: ["store": "FileStore"])
        changeNotifier.report(problem)
    }

    /// The suite with a name, opened on first use and shared afterwards.
    ///
    /// - Parameter name: The suite's name, such as `com.example.app`.
    /// - Returns: The live suite.
    /// - Throws: ``/PrefsStoreKit/FileStoreError/invalidSuiteName(_:reason:)`` for a name that cannot be a file name.
    public func suite(_ name: String) throws(FileStoreError) -> FileSuite {
        try openSuite(SuiteName(validating: name), loadingNow: true)
    }

    /// The names of the suites in the directory, and of those only a system layer or lock file holds, sorted.
    public func suiteNames() -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let own = entries.compactMap { entry -> String? in
            guard entry.hasSuffix(".plist") else { return nil }
            return SuiteName(rawValue: String(entry.dropLast(".plist".count)))?.rawValue
        }
        return Set(own).union(layerFiles.suiteNames()).sorted()
    }

    /// Calls `handler` with the changes to every suite in the directory, whoever makes them, until the returned
    /// token is released.
    ///
    /// Each change carries its suite, key, old and new values, whether this process made it, and the writer's pid and
    /// name when the journal knows them. Handlers run on the writing thread for this process's writes and on the
    /// store's watcher thread for others', which arrive only while the store watches (``run()``).
    ///
    /// - Parameters:
    ///   - handler: Called with each batch of changes.
    ///   - onProblem: Called when the watch dies, with the reason.
    /// - Returns: The registration.
    public func addObserver(
        _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)? = nil
    ) -> PersistentKeyValueObservation {
        let registration = changeNotifier.addObserver(handler, onProblem: onProblem)
        beginObservingAll()
        return PersistentKeyValueObservation { [weak self] in
            registration.cancel()
            self?.endObservingAll()
        }
    }

    /// The changes to every suite in the directory, whoever makes them, in the order they are seen.
    ///
    /// - Parameter bufferingPolicy: What to keep when the consumer falls behind; everything by default.
    /// - Returns: A stream that ends when the consumer stops iterating.
    public func changes(
        bufferingPolicy: AsyncStream<PersistentKeyValueChange>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<PersistentKeyValueChange> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: PersistentKeyValueChange.self, bufferingPolicy: bufferingPolicy)
        let registration = addObserver { changes in
            for change in changes { continuation.yield(change) }
        }
        continuation.onTermination = { _ in registration.cancel() }
        return stream
    }

    // MARK: - Suites

    /// The registered suite with a name, or a new one, loaded before anyone else can see it.
    ///
    /// - Parameters:
    ///   - name: The suite's name.
    ///   - loadingNow: `true` to load the file silently, as for a suite someone asked for; `false` to start empty, so
    ///     that all the keys of a suite discovered while observing every suite are delivered as new.
    /// - Returns: The suite everyone shares.
    func openSuite(_ name: SuiteName, loadingNow: Bool) -> FileSuite {
        if let existing = suites.withLock({ $0[name.rawValue]?.suite }) { return existing }
        // Loaded outside the registry's lock, because loading takes the suite's file lock, and before it is
        // registered, so that no caller is ever handed a suite that has not read its file yet. A suite the watcher
        // discovers starts empty and posts what it holds as new.
        let fresh = FileSuite(name: name, store: self, loadingNow: loadingNow)
        if !loadingNow {
            fresh.reload(posting: true)
            fresh.reloadSystemLayers(posting: true)
        }
        let suite = suites.withLock { suites in
            if let existing = suites[name.rawValue]?.suite { return existing }
            suites[name.rawValue] = WeakSuite(fresh)
            return fresh
        }
        guard suite === fresh else { return suite }
        // Delivers what changed between the load and the registration, when the watcher could not see this suite;
        // when nothing did, this returns at the identity check. A store that does not watch delivers nothing, and a
        // command such as `prefs read` would only read the file a second time.
        if isWatching || !loadingNow { fresh.reload(posting: true) }
        observation.withLock { state in
            if state.observers > 0 { state.retained[name.rawValue] = fresh }
        }
        return fresh
    }

    func liveSuites() -> [FileSuite] {
        suites.withLock { $0.values.compactMap(\.suite) }
    }

    /// Whether someone observes every suite, so that suites nobody opened are opened when they change.
    var isObservingAll: Bool { observation.withLock { $0.observers > 0 } }

    private func beginObservingAll() {
        let first = observation.withLock { state in
            state.observers += 1
            return state.observers == 1
        }
        guard first else { return }
        let opened = suiteNames().compactMap(SuiteName.init(rawValue:)).map { openSuite($0, loadingNow: true) }
        observation.withLock { state in
            for suite in opened where state.observers > 0 { state.retained[suite.name] = suite }
        }
    }

    private func endObservingAll() {
        observation.withLock { state in
            state.observers -= 1
            if state.observers == 0 { state.retained = [:] }
        }
    }

    /// Reloads the suites whose files changed.
    ///
    /// A suite nobody has opened is opened only while someone observes every
    /// suite; it then starts empty, so all its keys are delivered as new.
    private func directoryChanged(names: Set<String>, overflowed: Bool) {
        let observingAll = isObservingAll
        var targets = Set(overflowed ? suiteNames() + liveSuites().map(\.name) : Array(names))
        if !observingAll { targets.formIntersection(liveSuites().map(\.name)) }
        for name in targets.sorted() {
            guard let suiteName = SuiteName(rawValue: name) else { continue }
            let live = suites.withLock { $0[name]?.suite }
            if let live {
                live.reload(posting: true)
            } else if observingAll {
                // A suite nobody holds needs no reload; only observing every suite discovers new ones.
                _ = openSuite(suiteName, loadingNow: false)
            }
        }
    }
}
