import PrefsCore
import PrefsStoreKit
import PrefsSystem
import SystemPackage

extension FlatpakStore {
    /// Watches every app's settings folder until the task is cancelled or a graceful shutdown begins: the app's own
    /// writes (GLib replaces the keyfile whole) are told to the observers of the suites open.
    ///
    /// - Throws: The system's error when a folder cannot be watched, or when a watch dies; observers are told first.
    public func run() async throws {
        try await WatchService.run(holding: try startWatching(), problemsOf: changeNotifier)
    }

    /// Watches every app's settings folder, and the user's dconf folder when an app is granted dconf, from now on: a
    /// change made once this returns is told.
    ///
    /// An app never run (no `~/.var/app/APPID`) is not watched; the settings folder of one that has run is made when
    /// missing, as GLib's keyfile backend makes it when the app starts, so that its first write is heard.
    ///
    /// - Returns: The watch, which ends when cancelled.
    /// - Throws: The system's error when a folder cannot be made or watched.
    func startWatching() throws -> PersistentKeyValueObservation {
        var watchers: [DirectoryWatcher] = []
        var dconfApps: [String] = []
        for app in try apps() {
            if try keepsSettingsInDconf(app) {
                dconfApps.append(app.id)
                continue
            }
            let home = FilePath(environment["HOME"] ?? "/").appending(".var/app").appending(app.id)
            // An app never run has no folder of its own, and prefs makes none for it.
            guard try FileSystem.exists(home) else { continue }
            let folder = app.settingsFile(environment: environment).removingLastComponent()
            try FileSystem.createDirectory(folder)
            let id = app.id
            let watcher = try DirectoryWatcher(
                directory: folder, suffixes: ["keyfile"], keepingSuffixes: true,
                onChange: { [weak self] _, _ in self?.changed(app: id) },
                onFailure: { [weak self] error in self?.changeNotifier.report(error) })
            try watcher.start()
            watchers.append(watcher)
        }
        if !dconfApps.isEmpty {
            // dconf's service replaces the user's database whole on every change; its folder is the user's own.
            let database = FlatpakDconfSettings.databaseFile(environment: environment)
            let ids = dconfApps
            try FileSystem.createDirectory(database.removingLastComponent())
            let watcher = try DirectoryWatcher(
                directory: database.removingLastComponent(), suffixes: ["user"], keepingSuffixes: true,
                onChange: { [weak self] _, _ in for id in ids { self?.changed(app: id) } },
                onFailure: { [weak self] error in self?.changeNotifier.report(error) })
            try watcher.start()
            watchers.append(watcher)
        }
        let held = watchers
        return PersistentKeyValueObservation { withExtendedLifetime(held) {} }
    }

    /// Tells what changed in an app's keyfile to the observers of its suites open.
    private func changed(app id: String) {
        for suite in openSuites(ofApp: id) { suite.refresh() }
    }
}
