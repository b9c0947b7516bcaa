public import PrefsCore
import PrefsFileStore
import PrefsKConfig
import PrefsStoreKit
public import PrefsTools

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

#if canImport(PrefsGSettings)
import PrefsGSettings
#endif
#if canImport(PrefsXfconf)
import PrefsXfconf
#endif
#if canImport(PrefsFlatpak)
import PrefsFlatpak
#endif

/// Turns what a user names — a configuration directory, a `postgres://` URL, `PREFS_STORE` — into a tool context.
///
/// It is the one place the command line and the editor reach a concrete store.
public enum StoreResolver {
    /// The name `--store` takes for GNOME's settings: the installed GSettings schemas, stored by dconf.
    public static let gsettings = "gsettings"
    /// The name `--store` takes for KDE's settings: the KConfig files of the configuration directory.
    public static let kconfig = "kconfig"
    /// The name `--store` takes for XFCE's settings: the Xfconf channels xfconfd keeps.
    public static let xfconf = "xfconf"
    /// The name `--store` takes for Flatpak apps' own settings: each installed app's schemas, its keyfile.
    public static let flatpak = "flatpak"

    /// The context of the store a command names, by the table of kinds (``StoreKind``): `--store`, else
    /// `PREFS_STORE`, else the configuration directory.
    ///
    /// - Parameters:
    ///   - configDirectory: The directory holding the suites, for the file store.
    ///   - storeURL: What `--store` says (`files`, `gsettings`, a `postgres://` URL); when `nil`, `PREFS_STORE` if set
    ///     and not empty.
    ///   - environment: Where `PREFS_STORE` is read.
    /// - Returns: The context; nothing is opened until a tool asks. A value that names no kind gives a context whose
    ///   every use says so, naming the nearest kind.
    public static func context(
        configDirectory: URL, storeURL: String? = nil,
        environment: [String: String] = ProcessEnvironment.current
    ) -> ToolContext {
        guard let value = storeURL ?? environment["PREFS_STORE"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return filesContext(configDirectory: configDirectory, environment: environment)
        }
        if let kind = StoreKind.named(by: value) { return kind.open(value, configDirectory, environment) }
        let refusal = unknownKind(value)
        return ToolContext(
            locationDescription: TextEscaping.escaped(value),
            open: { _ in throw refusal }, schemas: { throw refusal })
    }

    /// The context of a configuration directory's suite files.
    static func filesContext(configDirectory: URL, environment: [String: String]) -> ToolContext {
        let catalog = SchemaCatalog(configDirectory: configDirectory, environment: environment)
        return ToolContext(
            locationDescription: configDirectory.path,
            open: { creating in
                // Reading never creates the directory: a missing one holds no suites, unless a system layer does (a
                // package's defaults in /etc/xdg), which the store reads; the directory is then created, as any XDG
                // program creates ~/.config.
                guard
                    creating || FileManager.default.fileExists(atPath: configDirectory.path)
                        || FileStore.systemLayersExist(environment: environment)
                else { return nil }
                return try FileStore(
                    directory: configDirectory, launchArguments: .none,
                    systemDirectories: XDGDirectories.configDirectories(environment: environment))
            },
            schemas: { catalog })
    }

    /// The context of the PostgreSQL store a URL names, through the opener installed (``PostgresOpener``), or one
    /// whose every use says this program has none.
    static func postgresContext(_ url: String) -> ToolContext {
        if let context = PostgresOpener.context(url) { return context }
        let refusal = ToolError(PostgresOpener.absence, code: .unreachable)
        return ToolContext(
            locationDescription: URLPassword.hidden(in: url),
            open: { _ in throw refusal },
            schemas: { throw refusal })
    }

    /// The context of a store named by a word that is no kind of store: every use says so, naming the nearest kind.
    private static func unknownKind(_ word: String) -> ToolError {
        let near = NearestNames.question(for: word, among: StoreKind.words).map { "; \($0)" } ?? ""
        let kinds = StoreKind.words.joined(separator: ", ")
        return ToolError(
            "unknown store \(TextEscaping.quoted(word))\(near) (--store takes \(kinds) or a postgres:// URL)",
            code: .usage)
    }

    /// The context of KDE's settings: the KConfig files of the configuration directory, over `$XDG_CONFIG_DIRS`.
    static func kconfigContext(configDirectory: URL, environment: [String: String]) -> ToolContext {
        let store = KConfigStore(directory: configDirectory, environment: environment)
        return ToolContext(
            locationDescription: store.locationDescription, open: { _ in store },
            schemas: { store.schemaSource })
    }

    /// The context of GNOME's settings, or one whose every use says the build has no GSettings store.
    static func gsettingsContext() -> ToolContext {
        #if canImport(PrefsGSettings)
        let store = GSettingsStore()
        return ToolContext(
            locationDescription: store.locationDescription, open: { _ in store },
            schemas: { store.schemaSource })
        #else
        let refusal = ToolError("this prefs was built without GIO, so it has no GSettings store", code: .unreachable)
        return ToolContext(
            locationDescription: "GSettings", open: { _ in throw refusal },
            schemas: { throw refusal })
        #endif
    }

    /// The context of XFCE's settings, or one whose every use says the build has no Xfconf store.
    static func xfconfContext() -> ToolContext {
        #if canImport(PrefsXfconf)
        let store = XfconfStore()
        return ToolContext(
            locationDescription: store.locationDescription, open: { _ in store },
            schemas: { store.schemaSource })
        #else
        let refusal = ToolError("this prefs was built without GIO, so it has no Xfconf store", code: .unreachable)
        return ToolContext(
            locationDescription: "Xfconf", open: { _ in throw refusal },
            schemas: { throw refusal })
        #endif
    }

    /// The context of Flatpak apps' own settings, or one whose every use says the build has no Flatpak store.
    static func flatpakContext(environment: [String: String]) -> ToolContext {
        #if canImport(PrefsFlatpak)
        let store = FlatpakStore(environment: environment)
        return ToolContext(
            locationDescription: store.locationDescription, open: { _ in store },
            schemas: { store.schemaSource })
        #else
        let refusal = ToolError("this prefs was built without GLib, so it has no Flatpak store", code: .unreachable)
        return ToolContext(
            locationDescription: "Flatpak", open: { _ in throw refusal },
            schemas: { throw refusal })
        #endif
    }

    /// The store a command line names: `--store` (else `$PREFS_STORE`) when given, else the configuration directory
    /// `--config-dir` names (else the default one).
    ///
    /// - Parameters:
    ///   - configDir: `--config-dir`, as typed.
    ///   - storeURL: `--store`, as typed.
    /// - Returns: The context; nothing is opened until it is used.
    public static func context(configDir: String?, storeURL: String?) -> ToolContext {
        context(configDirectory: configDirectory(configDir), storeURL: storeURL)
    }

    /// The configuration directory a user named, or the default one (`$XDG_CONFIG_HOME`, else `~/.config`),
    /// absolute and standardized.
    ///
    /// - Parameter path: The directory `--config-dir` names, if any.
    /// - Returns: The directory.
    public static func configDirectory(_ path: String?) -> URL {
        let url = path.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? XDGDirectories.configHome()
        return url.standardizedFileURL
    }

    /// The context of the demo's copied configuration: its suites, schemas and journal under one directory, where a
    /// `prefs` run with ``demoEnvironment(root:)`` finds them too.
    ///
    /// - Parameter root: The directory holding `config/`, `data/` and `state/`.
    /// - Returns: The context.
    public static func demoContext(root: URL) -> ToolContext {
        let environment = demoEnvironment(root: root)
        let config = root.appendingPathComponent("config", isDirectory: true)
        let journal = XDGDirectories.journalDirectory(forConfigDirectory: config, environment: environment)
        let catalog = SchemaCatalog(configDirectory: config, environment: environment)
        return ToolContext(
            locationDescription: config.path,
            open: { _ in try FileStore(directory: config, journalDirectory: journal, launchArguments: .none) },
            schemas: { catalog })
    }

    /// The XDG folders of a demo directory: a `prefs` run with them reads and writes the demo as its editor does.
    ///
    /// - Parameter root: The demo's directory.
    /// - Returns: `XDG_CONFIG_HOME`, `XDG_DATA_HOME` and `XDG_STATE_HOME`.
    public static func demoEnvironment(root: URL) -> [String: String] {
        [
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
        ]
    }

    /// A file of the editor's own state, such as its bookmarks: `$XDG_STATE_HOME/prefs/NAME` (else
    /// `~/.local/state/prefs/NAME`).
    ///
    /// - Parameters:
    ///   - name: The file's name.
    ///   - environment: Where `XDG_STATE_HOME` and `HOME` are read.
    /// - Returns: The file's location; nothing is created.
    public static func stateFile(
        _ name: String, environment: [String: String] = ProcessEnvironment.current
    ) -> URL {
        XDGDirectories.stateHome(environment: environment).appendingPathComponent("prefs/\(name)")
    }
}
