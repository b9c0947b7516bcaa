public import PrefsCore
import PrefsStoreKit
import PrefsSystem
import Synchronization
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension KConfigStore: SuiteStore {
    public var locationDescription: String { "KConfig files of \(directory.path)" }

    /// The installed KConfigXT schemas.
    public var schemaSource: any PreferenceSchemaSource { catalog }

    /// The KConfig files of the folder and of the system folders, by their path under the folder, sorted.
    ///
    /// - Throws: ``KConfigStoreError/unreadable(path:reason:)`` when the user's folder exists but cannot be listed; a
    ///   system folder that cannot be listed holds none.
    public func listSuites() throws -> [String] {
        listSuiteNames(userEntries: try Self.listing(directory.path))
    }

    public func anySuite(_ name: String) throws -> any PersistentKeyValueStore {
        try suite(name)
    }

    /// Checks the name as a path under the folder, without reading the file.
    public func checkSuiteName(_ name: String) throws {
        try Self.check(name)
    }

    /// Observes every change to every KConfig file, whoever makes them; other programs' changes arrive while the
    /// folder is watched (``run()``).
    public func addObserver(
        _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation {
        let registration = changeNotifier.addObserver(handler, onProblem: onProblem)
        let first = watch.state.withLock { state in
            state.observers += 1
            return state.observers == 1
        }
        if first {
            // What every file holds now, to tell later changes against; a file that cannot be read is told of when
            // it changes and can be.
            let opened = listSuiteNames().compactMap { try? suite($0) }
            watch.state.withLock { state in
                for suite in opened where state.observers > 0 { state.retained[suite.name] = suite }
            }
        }
        return PersistentKeyValueObservation { [weak self] in
            registration.cancel()
            self?.watch.state.withLock { state in
                state.observers -= 1
                if state.observers == 0 { state.retained = [:] }
            }
        }
    }

    /// Watches the folder from now on: a change made once this returns is delivered.
    public func startDelivering() throws -> PersistentKeyValueObservation? {
        try startWatching()
    }

    /// Watches the folder until the task is cancelled or a graceful shutdown begins.
    ///
    /// - Throws: ``KConfigStoreError/unreadable(path:reason:)`` when the folder cannot be watched, or when the watch
    ///   dies; observers are told first.
    public func run() async throws {
        try await WatchService.run(holding: try startWatching(), problemsOf: changeNotifier)
    }

    /// The files KConfig reads in the folder and the system folders: `kdeglobals` and every `…rc`, also one folder
    /// down (`kdedefaults/kdeglobals`), by their path under the folder.
    ///
    /// - Parameter userEntries: The user's folder's entries, when the caller listed it already.
    /// - Returns: The names, sorted.
    func listSuiteNames(userEntries: [DirectoryEntry]? = nil) -> [String] {
        var names = Set<String>()
        for folder in [directory] + systemDirectories {
            let path = FilePath(folder.path)
            let entries = folder == directory ? userEntries ?? Self.entries(of: path) : Self.entries(of: path)
            for entry in entries where !entry.name.hasPrefix(".") {
                if Self.isKConfigFile(entry.name), entry.leads(to: .regular, in: path) {
                    names.insert(entry.name)
                } else if entry.leads(to: .directory, in: path) {
                    let inner = path.appending(entry.name)
                    for file in Self.entries(of: inner)
                    where !file.name.hasPrefix(".") && Self.isKConfigFile(file.name)
                        && file.leads(to: .regular, in: inner)
                    {
                        names.insert(entry.name + "/" + file.name)
                    }
                }
            }
        }
        return names.filter { (try? Self.check($0)) != nil }.sorted()
    }

    /// Whether a file's name is one KConfig gives its files.
    static func isKConfigFile(_ name: String) -> Bool {
        name == "kdeglobals" || (name.hasSuffix("rc") && name.count > 2)
    }

    /// A folder's entries; none when it does not exist.
    ///
    /// - Throws: ``KConfigStoreError/unreadable(path:reason:)`` when it exists but cannot be listed.
    static func listing(_ path: String) throws(KConfigStoreError) -> [DirectoryEntry] {
        do {
            return try DirectoryEntry.list(FilePath(path))
        } catch .noSuchFileOrDirectory {
            return []
        } catch {
            throw .unreadable(path: path, reason: "it cannot be listed: \(error)")
        }
    }

    private static func entries(of path: FilePath) -> [DirectoryEntry] {
        // A system folder, or one down, that cannot be listed holds no suites for prefs; the user's own says why
        // (`listSuites()`).
        (try? listing(path.string)) ?? []
    }
}
