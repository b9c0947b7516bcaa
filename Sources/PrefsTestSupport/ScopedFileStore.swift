public import Foundation
public import PrefsFileStore
public import PrefsKit

/// A file store on a fresh temporary directory, with its journal beside it, removed when released.
///
/// ```swift
/// let scope = try ScopedFileStore()
/// let suite = try scope.store.suite("com.example.app")
/// ```
public final class ScopedFileStore: Sendable {
    /// The directory holding `config/` (the suites) and `journal/`.
    public let directory: TemporaryDirectory
    /// The store.
    public let store: FileStore
    /// The store's watch, held while the scope lives, so that other processes' changes arrive as they would in an
    /// app that runs the store's service; `nil` when the scope was made without one.
    public let watch: PersistentKeyValueObservation?

    /// Creates a store on a fresh directory.
    ///
    /// - Parameters:
    ///   - launchArguments: The overrides the store applies; none by default, so that tests do not depend on how
    ///     they were launched.
    ///   - watching: Whether to watch the directory for the scope's life.
    ///   - newSuiteFormat: The format the store creates suite files in.
    ///   - systemLayers: Whether the store reads system layers and locks from the scope's own `system/` folder
    ///     (``systemDirectory``), created empty; when `false` it reads none, whatever `/etc/xdg` holds, so that
    ///     tests do not depend on the machine.
    /// - Throws: When the directory or the store cannot be created or watched.
    public init(
        launchArguments: LaunchArguments = .none, watching: Bool = true, newSuiteFormat: SuiteFileFormat = .xml,
        systemLayers: Bool = false
    ) throws {
        directory = try TemporaryDirectory(prefix: "prefs-files")
        let system = directory.url.appendingPathComponent("system", isDirectory: true)
        if systemLayers { try FileManager.default.createDirectory(at: system, withIntermediateDirectories: true) }
        store = try FileStore(
            directory: directory.url.appendingPathComponent("config", isDirectory: true),
            journalDirectory: directory.url.appendingPathComponent("journal"),
            launchArguments: launchArguments, newSuiteFormat: newSuiteFormat,
            systemDirectories: systemLayers ? [system] : [])
        watch = watching ? try store.startWatching() : nil
    }

    /// The directory holding the suites.
    public var configDirectory: URL { store.directory }

    /// The folder of the store's system layers and locks (`<suite>.plist`, `<suite>.locks`), when it has one.
    public var systemDirectory: URL { directory.url.appendingPathComponent("system", isDirectory: true) }

    /// Environment variables that point a child process's state directory into this scope, so that nothing it
    /// journals lands in the user's `~/.local/state`; the test helper also reads `PREFS_TEST_JOURNAL`.
    public var environment: [String: String] {
        [
            "XDG_STATE_HOME": directory.url.appendingPathComponent("state").path,
            "PREFS_TEST_JOURNAL": store.journalDirectory.path,
        ]
    }

    /// Opens a second, independent store on the same directory, as another process would; it does not watch.
    ///
    /// - Returns: A new store sharing this one's files.
    /// - Throws: When the store cannot be created.
    public func reopen() throws -> FileStore {
        try FileStore(
            directory: store.directory, journalDirectory: store.journalDirectory, launchArguments: .none,
            newSuiteFormat: store.newSuiteFormat, systemDirectories: store.systemDirectories)
    }
}
