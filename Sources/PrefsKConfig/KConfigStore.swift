public import PrefsCore
import PrefsStoreKit
import Synchronization
import SystemPackage

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// KDE's settings as a store of suites: each KConfig file of the configuration folder (`kdeglobals`, `kwinrc`,
/// `dolphinrc`, `kdedefaults/kdeglobals`…) is a suite, named by its path under the folder, and each entry a key
/// named `Group/Key` (``KConfigSuite``).
///
/// ```swift
/// let store = KConfigStore()
/// let dolphin = try store.suite("dolphinrc")
/// try dolphin.setPrimitiveValue(.string("true"), forKey: "General/ShowFullPath")
/// ```
///
/// Files are read as KConfig reads them, over the copies of each `$XDG_CONFIG_DIRS` folder (system defaults and
/// `[$i]` locks), and written as KDE writes them — under `<file>.lock`, replaced atomically, announced on the session
/// bus — changing only the lines of the keys written. `.kcfg` schemas type the values they describe
/// (``KcfgCatalog``). Writes are journaled as the file store's are, so that `prefs log`, `undo` and `redo` work; other
/// programs' changes arrive while ``run()`` watches the folder.
///
/// Creating the store reads nothing.
public final class KConfigStore: Sendable {
    /// The folder of the user's files: `$XDG_CONFIG_HOME`, else `~/.config`.
    public let directory: URL
    /// The folders of system copies, the first wins: `$XDG_CONFIG_DIRS`, else `/etc/xdg`.
    public let systemDirectories: [URL]
    /// The launch arguments that override values read through a key.
    public let launchArguments: LaunchArguments
    /// How long a write waits for another writer of the same file.
    public let lockTimeout: Duration
    /// Where every suite's changes are posted, for observers of the whole store.
    public let changeNotifier = PersistentKeyValueChangeNotifier()
    /// The environment `[$e]` values are expanded in.
    let environment: [String: String]
    let catalog: KcfgCatalog
    let journal: SuiteJournal
    let suites = Mutex<[String: WeakSuite]>([:])
    let watch = KConfigWatch()

    struct WeakSuite {
        weak var suite: KConfigSuite?
    }

    /// Creates the store; nothing is read until a suite is opened.
    ///
    /// - Parameters:
    ///   - directory: The user's folder; `$XDG_CONFIG_HOME` (else `~/.config`) when `nil`.
    ///   - systemDirectories: The system folders, the first wins; `$XDG_CONFIG_DIRS` (else `/etc/xdg`) when `nil`.
    ///   - journalDirectory: Where to keep the change journals; one of the user's state folder when `nil`.
    ///   - environment: Where the XDG variables are read and `[$e]` values expanded.
    ///   - launchArguments: The launch arguments that override values read through a key.
    ///   - lockTimeout: How long a write waits for another writer of the same file.
    public init(
        directory: URL? = nil, systemDirectories: [URL]? = nil, journalDirectory: URL? = nil,
        environment: [String: String] = ProcessEnvironment.current, launchArguments: LaunchArguments = .none,
        lockTimeout: Duration = .seconds(5)
    ) {
        let directory = (directory ?? XDGDirectories.configHome(environment: environment)).standardizedFileURL
        self.directory = directory
        // The user's own folder is never a copy beneath itself, whatever $XDG_CONFIG_DIRS says.
        self.systemDirectories = (systemDirectories ?? XDGDirectories.configDirectories(environment: environment))
            .map(\.standardizedFileURL).filter { $0.path != directory.path }
        self.environment = environment
        self.launchArguments = launchArguments
        self.lockTimeout = lockTimeout
        let catalog = KcfgCatalog(environment: environment)
        self.catalog = catalog
        let journals =
            journalDirectory
            ?? XDGDirectories.stateHome(environment: environment).appendingPathComponent(
                "prefs/kconfig/\(XDGDirectories.journalDirectory(forConfigDirectory: directory).lastPathComponent)",
                isDirectory: true)
        journal = SuiteJournal(
            directory: journals,
            secretKeys: { journalName in
                do {
                    return try catalog.described(Self.suiteName(journalName))?.schema.secretStoredKeys ?? []
                } catch {
                    return nil
                }
            })
    }

    /// Opens a suite: a file of the folder, which need not exist yet.
    ///
    /// - Parameter name: The file's path under the folder: `dolphinrc`, `kdedefaults/kdeglobals`.
    /// - Returns: The suite, shared by every caller in the process.
    /// - Throws: ``KConfigStoreError/invalidSuiteName(_:reason:)`` for a name that reaches outside the folder;
    ///   ``KConfigStoreError/unreadable(path:reason:)`` or ``KConfigStoreError/unreadableSchema(path:reason:)`` when
    ///   its file or schema cannot be read.
    public func suite(_ name: String) throws(KConfigStoreError) -> KConfigSuite {
        try Self.check(name)
        if let live = suites.withLock({ $0[name]?.suite }) { return live }
        let fresh = try KConfigSuite(name: name, store: self)
        return suites.withLock { suites in
            if let live = suites[name]?.suite { return live }
            suites[name] = WeakSuite(suite: fresh)
            return fresh
        }
    }

    /// The suite of this name, when one is open.
    func liveSuite(_ name: String) -> KConfigSuite? {
        suites.withLock { $0[name]?.suite }
    }

    /// The user's file of a suite.
    func userFile(_ name: String) -> FilePath {
        FilePath(directory.path).appending(name)
    }

    /// Each system folder's copy of a suite, lowest priority first: the order KConfig reads them in.
    func systemFiles(_ name: String) -> [FilePath] {
        systemDirectories.reversed().map { FilePath($0.path).appending(name) }
    }

    /// Checks that a name is a relative path of plain names under the folder.
    static func check(_ name: String) throws(KConfigStoreError) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/") else {
            throw .invalidSuiteName(name, reason: "name a file under the configuration folder, such as kdeglobals")
        }
        for part in parts {
            if let reason = SuiteNaming.problem(with: String(part)) {
                throw .invalidSuiteName(name, reason: reason)
            }
        }
        guard !name.hasSuffix(".lock") else {
            throw .invalidSuiteName(name, reason: "it is a lock file KDE's programs make while they save")
        }
    }

    /// A suite's journal name: one file name, `/` written `%2F`.
    static func journalName(_ name: String) -> String {
        name.replacing("%", with: "%25").replacing("/", with: "%2F")
    }

    /// The suite a journal name names.
    static func suiteName(_ journalName: String) -> String {
        journalName.replacing("%2F", with: "/").replacing("%25", with: "%")
    }
}
