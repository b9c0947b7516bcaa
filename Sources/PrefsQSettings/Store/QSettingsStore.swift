public import PrefsCore
import PrefsStoreKit
import Synchronization
import SystemPackage

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Qt apps' settings as a store of suites: each QSettings INI file under the configuration folder is a suite named by
/// its path without `.conf` (`Org/App`, or `App` for an organisation-wide file), its keys as `QSettings::allKeys()`
/// names them, its values as Qt reads them.
///
/// Creating the store does nothing: files are read when suites are listed or opened.
public final class QSettingsStore: Sendable {
    /// The configuration folder (`$XDG_CONFIG_HOME`, else `~/.config`).
    public let directory: URL
    /// How long a write waits for another program's lock on a file.
    public let lockTimeout: Duration
    public let changeNotifier = PersistentKeyValueChangeNotifier()
    let environment: [String: String]
    let journal: SuiteJournal
    private let open = Mutex<[String: QSettingsSuite]>([:])

    /// Creates the store; nothing is read until suites are listed or opened.
    ///
    /// - Parameters:
    ///   - directory: The configuration folder; `$XDG_CONFIG_HOME` (else `~/.config`) when `nil`.
    ///   - journalDirectory: Where the change journals go; `$XDG_STATE_HOME/prefs/qsettings/` when `nil`.
    ///   - environment: Where the XDG folders are read.
    ///   - lockTimeout: How long a write waits for another program's lock.
    public init(
        directory: URL? = nil, journalDirectory: URL? = nil,
        environment: [String: String] = ProcessEnvironment.current, lockTimeout: Duration = .seconds(5)
    ) {
        self.directory = (directory ?? XDGDirectories.configHome(environment: environment)).standardizedFileURL
        self.environment = environment
        self.lockTimeout = lockTimeout
        journal = SuiteJournal(
            directory: journalDirectory
                ?? XDGDirectories.stateHome(environment: environment).appendingPathComponent(
                    "prefs/qsettings", isDirectory: true))
    }

    /// The suite of a name, one object per name.
    ///
    /// - Parameter name: `APP` or `ORG/APP`.
    /// - Returns: The suite, shared by every caller in the process.
    /// - Throws: ``QSettingsStoreError/invalidSuiteName(_:reason:)`` for a name that names no settings file.
    public func suite(_ name: String) throws(QSettingsStoreError) -> QSettingsSuite {
        try Self.check(name)
        if let suite = open.withLock({ $0[name] }) { return suite }
        let fresh = QSettingsSuite(name: name, store: self)
        return open.withLock { open in
            if let suite = open[name] { return suite }
            open[name] = fresh
            return fresh
        }
    }

    /// The suites open, for the changes heard in their folder.
    func openSuites() -> [QSettingsSuite] {
        open.withLock { Array($0.values) }
    }

    /// A suite's file: `NAME.conf` under the configuration folder.
    func file(_ name: String) -> FilePath {
        FilePath(directory.path).appending(name + ".conf")
    }

    /// Checks a suite's name: one or two parts (`App`, `Org/App`), each a file name.
    static func check(_ name: String) throws(QSettingsStoreError) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else {
            throw .invalidSuiteName(name, reason: "name it APP or ORG/APP, its file's path without .conf")
        }
        for part in parts {
            if let reason = SuiteNaming.problem(with: String(part)) { throw .invalidSuiteName(name, reason: reason) }
        }
    }
}
