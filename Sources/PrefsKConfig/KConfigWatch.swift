import Logging
import PrefsCore
import PrefsStoreKit
import PrefsSystem
import Synchronization
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The store's watch of the configuration folder: the inotify watcher while someone holds a token, and the suites
/// kept open while someone observes every suite, so that a change is told against what each file held before.
final class KConfigWatch: Sendable {
    struct State {
        /// The folder's watcher, then those of each system folder and of each folder holding files one down.
        var watchers: [DirectoryWatcher] = []
        var holders = 0
        /// How many observe every suite.
        var observers = 0
        /// The suites kept open for them.
        var retained: [String: KConfigSuite] = [:]
    }

    let state = Mutex(State())

    /// Whether anyone observes every suite.
    var observesAll: Bool { state.withLock { $0.observers > 0 } }
}

extension KConfigStore {
    /// Starts watching the folder, on a thread of the store's, until the returned token is cancelled or released;
    /// tokens are counted.
    ///
    /// - Returns: The token.
    /// - Throws: ``KConfigStoreError/unreadable(path:reason:)`` when the folder cannot be watched.
    func startWatching() throws(KConfigStoreError) -> PersistentKeyValueObservation {
        try watch.state.withLock { (state: inout KConfigWatch.State) throws(KConfigStoreError) in
            if state.watchers.isEmpty {
                do {
                    try FileSystem.createDirectory(FilePath(directory.path))
                    state.watchers = try watchedFolders().map { folder in
                        try watcher(of: folder.path, naming: folder.prefix)
                    }
                } catch {
                    state.watchers = []
                    throw KConfigStoreError.unreadable(path: directory.path, reason: "cannot watch it: \(error)")
                }
            }
            state.holders += 1
        }
        return PersistentKeyValueObservation { [weak self] in
            self?.watch.state.withLock { state in
                state.holders -= 1
                if state.holders == 0 { state.watchers = [] }
            }
        }
    }

    /// The folders a watch covers, each with what its files' names start with as suites.
    ///
    /// They are the user's folder, each system folder that exists (a copy changed there changes what is in force),
    /// and each folder one down that holds a KConfig file now (`kdedefaults/`). A folder one down made later is not
    /// watched.
    private func watchedFolders() -> [(path: String, prefix: String)] {
        let existing = systemDirectories.map(\.path).filter { (try? Stat(FilePath($0)))?.type == .directory }
        var folders = ([directory.path] + existing).map { (path: $0, prefix: "") }
        let inner = Set(listSuiteNames().compactMap { name in name.firstIndex(of: "/").map { String(name[..<$0]) } })
        for folder in [directory.path] + existing {
            for name in inner.sorted() where (try? Stat(FilePath(folder + "/" + name)))?.type == .directory {
                folders.append((folder + "/" + name, name + "/"))
            }
        }
        return folders
    }

    /// A started watcher of one folder, whose files' names become suites' with a prefix.
    private func watcher(of folder: String, naming prefix: String) throws -> DirectoryWatcher {
        let watcher = try DirectoryWatcher(
            directory: FilePath(folder), suffixes: ["rc", "kdeglobals"], keepingSuffixes: true, creations: true,
            onChange: { [weak self] names, overflowed in
                self?.directoryChanged(names: Set(names.map { prefix + $0 }), overflowed: overflowed)
            },
            onFailure: { [weak self] error in self?.watcherFailed(error) })
        try watcher.start()
        return watcher
    }

    /// Reads the files that changed again, and delivers what changed in them.
    func directoryChanged(names: Set<String>, overflowed: Bool) {
        let observesAll = watch.observesAll
        var changed = names
        if overflowed { changed.formUnion(observesAll ? Set(listSuiteNames()) : []) }
        let open = suites.withLock { $0.values.compactMap(\.suite) }
        if overflowed { changed.formUnion(open.map(\.name)) }
        for name in changed.sorted() {
            if let suite = liveSuite(name) {
                suite.refresh()
            } else if observesAll, let suite = try? self.suite(name) {
                // A file that appeared while every suite is observed: everything it holds is new.
                watch.state.withLock { state in
                    if state.observers > 0 { state.retained[name] = suite }
                }
                suite.postEverything()
            }
        }
    }

    /// Tells observers that the watch died, and forgets the watcher so that the next start sets up a new one.
    private func watcherFailed(_ error: Errno) {
        watch.state.withLock { $0.watchers = [] }
        let problem = KConfigStoreError.unreadable(
            path: directory.path, reason: "the watch failed (\(error)); changes are no longer seen")
        PrefsLogging.logger.error("\(TextEscaping.escaped("\(problem)"))", metadata: ["store": "KConfigStore"])
        changeNotifier.report(problem)
    }
}
