public import PrefsCore
import PrefsStoreKit
import PrefsSystem
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension QSettingsStore: SuiteStore {
    public var locationDescription: String { "QSettings files (\(directory.path))" }

    /// QSettings has no schemas: its values carry their types.
    public var schemaSource: any PreferenceSchemaSource { QSettingsSchemas() }

    /// The QSettings files that hold keys, sorted: `*.conf` at the top of the configuration folder and one folder
    /// down that Qt reads whole and that open a section, as every file Qt writes does (`[General]`); a `.conf` of
    /// another program (a `key = value` list with no section, an XML file) is left out.
    ///
    /// - Throws: ``QSettingsStoreError/unreadable(path:reason:)`` when the configuration folder cannot be listed.
    public func listSuites() throws -> [String] {
        var names: [String] = []
        let top = FilePath(directory.path)
        for entry in try entries(top) {
            if entry.name.hasSuffix(".conf"), entry.leads(to: .regular, in: top) {
                names.append(String(entry.name.dropLast(5)))
            } else if entry.leads(to: .directory, in: top), SuiteNaming.problem(with: entry.name) == nil {
                let folder = top.appending(entry.name)
                // A folder another program keeps unreadable holds no file this listing can show.
                for inner in (try? entries(folder)) ?? [] where inner.name.hasSuffix(".conf") {
                    if inner.leads(to: .regular, in: folder) { names.append(entry.name + "/" + inner.name.dropLast(5)) }
                }
            }
        }
        // A file that cannot be read is not listed as Qt's; opening it says why.
        return names.filter { name in
            guard SuiteNaming.problem(with: String(name.split(separator: "/").last ?? "")) == nil,
                let suite = try? suite(name), let file = try? suite.read()
            else { return false }
            return file.problem == nil && !file.headers.isEmpty && !file.entries.isEmpty
        }.sorted()
    }

    public func anySuite(_ name: String) throws -> any PersistentKeyValueStore {
        try suite(name)
    }

    public func checkSuiteName(_ name: String) throws {
        try Self.check(name)
    }

    /// Observes every change to every file, whoever makes it; Qt apps' arrive while ``run()`` runs.
    public func addObserver(
        _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation {
        let registration = changeNotifier.addObserver(handler, onProblem: onProblem)
        // What cannot be listed or opened is told to the observers, whose changes it would hide.
        do {
            for name in try listSuites() {
                do { try suite(name).prime() } catch { changeNotifier.report(error) }
            }
        } catch {
            changeNotifier.report(error)
        }
        return registration
    }

    /// Observes some files only.
    public func addObserver(
        ofSuites suites: Set<String>, _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation {
        // A name that names no file is told to the observers, whose changes it would hide.
        for name in suites {
            do { try suite(name).prime() } catch { changeNotifier.report(error) }
        }
        return changeNotifier.addObserver(ofSuites: suites, handler, onProblem: onProblem)
    }

    /// Watches the configuration folder and its folders until the task is cancelled or a graceful shutdown begins:
    /// a Qt app's save (QSaveFile renames a new file over the old) is told to the observers of the suites open.
    ///
    /// - Throws: The system's error when a folder cannot be watched, or when a watch dies; observers are told first.
    public func run() async throws {
        try await WatchService.run(holding: try startWatching(), problemsOf: changeNotifier)
    }

    public func startDelivering() throws -> PersistentKeyValueObservation? {
        try startWatching()
    }

    /// Watches the folders of the suites open and of those listed, from now on.
    func startWatching() throws -> PersistentKeyValueObservation {
        var folders = Set(openSuites().map { $0.path.removingLastComponent() })
        folders.insert(FilePath(directory.path))
        for name in try listSuites() { folders.insert(file(name).removingLastComponent()) }
        var watchers: [DirectoryWatcher] = []
        // A folder that does not exist holds no file to hear; prefs makes none for it.
        for folder in folders.sorted(by: { $0.string < $1.string }) where try FileSystem.exists(folder) {
            let watcher = try DirectoryWatcher(
                directory: folder, suffixes: [".conf"], keepingSuffixes: true,
                onChange: { [weak self] _, _ in self?.changed(in: folder) },
                onFailure: { [weak self] error in self?.changeNotifier.report(error) })
            try watcher.start()
            watchers.append(watcher)
        }
        let held = watchers
        return PersistentKeyValueObservation { withExtendedLifetime(held) {} }
    }

    private func changed(in folder: FilePath) {
        for suite in openSuites() where suite.path.removingLastComponent() == folder { suite.refresh() }
    }

    private func entries(_ folder: FilePath) throws(QSettingsStoreError) -> [DirectoryEntry] {
        do {
            return try DirectoryEntry.list(folder)
        } catch .noSuchFileOrDirectory, .notDirectory {
            return []
        } catch {
            throw .unreadable(path: folder.string, reason: "\(error)")
        }
    }
}
