public import PrefsCore
import PrefsGLib
import PrefsStoreKit
import Synchronization
import SystemPackage

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Flatpak apps' own settings as a store of suites: each schema an installed app ships is a suite named
/// `APPID/SCHEMA`, whose values are those GLib's keyfile backend keeps for the app in
/// `~/.var/app/APPID/config/glib-2.0/settings/keyfile`, typed by the app's own compiled schemas.
///
/// Apps are found in the user's installation and the system's (`FlatpakInstallation`), the user's first where an
/// app is in both, as `flatpak run` picks it. An app granted dconf (`FlatpakApp/grantsDconf(overriddenIn:)`) keeps
/// its settings in the host's dconf instead, and is not listed here yet.
///
/// Creating the store does nothing: installations are read when suites are listed or opened.
public final class FlatpakStore: Sendable {
    /// The environment the installations and the apps' keyfiles are found through.
    let environment: [String: String]
    /// The folder of the change journals, one file per suite.
    public let journalDirectory: URL
    public let changeNotifier = PersistentKeyValueChangeNotifier()
    let journal: SuiteJournal
    private let open = Mutex<[String: FlatpakSuite]>([:])
    /// Each app's compiled schemas, read once: a new build of the app is a new deployment, found by a new store.
    private let compiled = Mutex<[FilePath: CompiledSchemas]>([:])

    /// Creates the store; nothing is read until suites are listed or opened.
    ///
    /// - Parameters:
    ///   - environment: Where `FLATPAK_USER_DIR`, `FLATPAK_SYSTEM_DIR`, `HOME` and the XDG folders are read.
    ///   - journalDirectory: Where to keep the change journals; `$XDG_STATE_HOME/prefs/flatpak/` when `nil`.
    public init(environment: [String: String] = ProcessEnvironment.current, journalDirectory: URL? = nil) {
        self.environment = environment
        let directory =
            journalDirectory
            ?? XDGDirectories.stateHome(environment: environment).appendingPathComponent(
                "prefs/flatpak", isDirectory: true)
        self.journalDirectory = directory
        journal = SuiteJournal(directory: directory)
    }

    /// The installed apps, by id, the user's installation first where an app is in both, as `flatpak run` picks it.
    ///
    /// - Throws: `FlatpakSettingsError/unreadable(_:)` when an installation cannot be read.
    func apps() throws(FlatpakSettingsError) -> [FlatpakApp] {
        var seen = Set<String>()
        var apps: [FlatpakApp] = []
        for installation in FlatpakInstallation.all(environment: environment) {
            for app in try installation.apps() where seen.insert(app.id).inserted { apps.append(app) }
        }
        return apps.sorted { $0.id < $1.id }
    }

    /// One installed app, looked up in its folders alone (a suite's name needs no listing of every app), the user's
    /// installation first, as ``apps()`` finds it.
    func app(id: String) -> FlatpakApp? {
        FlatpakInstallation.all(environment: environment).lazy.compactMap { FlatpakApp(id: id, installation: $0) }.first
    }

    /// Whether an app keeps its settings in the user's dconf database rather than its keyfile: it is granted dconf,
    /// by its metadata as the installations' overrides change it.
    ///
    /// - Throws: `FlatpakSettingsError/unreadable(_:)` when an override cannot be read: the settings may then be in
    ///   either place.
    func keepsSettingsInDconf(_ app: FlatpakApp) throws(FlatpakSettingsError) -> Bool {
        try app.grantsDconf(overriddenIn: FlatpakInstallation.all(environment: environment))
    }

    /// The suite of a name, one object per name.
    ///
    /// - Parameters:
    ///   - name: `APPID/SCHEMA`, or `APPID/SCHEMA:PATH` for an instance of a relocatable schema.
    ///   - seenEmpty: Whether it starts as if empty, so that what it holds is told (one opened for a change heard).
    /// - Returns: The suite, shared by every caller in the process.
    /// - Throws: `FlatpakSettingsError` when the name names no installed app's schema.
    func suite(_ name: String, seenEmpty: Bool = false) throws(FlatpakSettingsError) -> FlatpakSuite {
        if let suite = open.withLock({ $0[name] }) { return suite }
        let (app, schema, path) = try resolve(name)
        let fresh = try FlatpakSuite(
            name: name, app: app, schema: schema, path: path, schemas: try schemas(of: app), store: self,
            seenEmpty: seenEmpty)
        return open.withLock { open in
            if let suite = open[name] { return suite }
            open[name] = fresh
            return fresh
        }
    }

    /// The app, schema and place a suite's name names: `APPID/SCHEMA` a schema of the app's own that lives at a path,
    /// `APPID/SCHEMA:PATH` an instance of a relocatable one, at a path GSettings takes (`/` at both ends, no `//`).
    ///
    /// - Parameter name: The suite's name.
    /// - Returns: The installed app, the schema's id, and the instance's path (`nil` for a fixed schema).
    /// - Throws: `FlatpakSettingsError/noApp(_:)` when no installed app has the id,
    ///   `FlatpakSettingsError/noSchema(app:schema:)` when the app has no such schema, or
    ///   `FlatpakSettingsError/invalidInstance(suite:reason:)` when the path is missing, not wanted or malformed.
    func resolve(_ name: String) throws(FlatpakSettingsError) -> (app: FlatpakApp, schema: String, path: String?) {
        let parts = name.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, FlatpakAppID.isValid(parts[0]), let app = app(id: parts[0]) else { throw .noApp(name) }
        let place = parts[1].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let id = place[0]
        let path = place.count == 2 ? place[1] : nil
        guard let schema = try schemas(of: app).schema(id) else { throw .noSchema(app: app.id, schema: id) }
        switch (schema.path, path) {
        case (nil, nil):
            throw .invalidInstance(suite: name, reason: "relocatable: name an instance as \(app.id)/\(id):/PATH/")
        case (_?, _?):
            throw .invalidInstance(suite: name, reason: "it lives at its own path: name it \(app.id)/\(id)")
        case (nil, let path?):
            guard path.hasPrefix("/"), path.hasSuffix("/"), !path.contains("//") else {
                throw .invalidInstance(suite: name, reason: "a path starts and ends with / and holds no //")
            }
        case (_?, nil): break
        }
        return (app, id, path)
    }

    /// An app's compiled schemas, read once per deployment.
    ///
    /// - Throws: `FlatpakSettingsError/unreadable(_:)` when the file exists but cannot be read.
    func schemas(of app: FlatpakApp) throws(FlatpakSettingsError) -> CompiledSchemas {
        if let schemas = compiled.withLock({ $0[app.deployment] }) { return schemas }
        let schemas: CompiledSchemas
        do {
            schemas = try FlatpakSettings.schemas(of: app)
        } catch {
            throw .unreadable(error.description)
        }
        compiled.withLock { $0[app.deployment] = schemas }
        return schemas
    }

    /// The suites open, for the changes heard in an app's folder.
    func openSuites(ofApp id: String) -> [FlatpakSuite] {
        open.withLock { $0.values.filter { $0.app.id == id } }
    }
}
