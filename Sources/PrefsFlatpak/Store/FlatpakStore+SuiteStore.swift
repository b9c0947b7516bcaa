public import PrefsCore
import PrefsGLib
import PrefsStoreKit
import PrefsSystem
import SystemPackage

extension FlatpakStore: SuiteStore {
    /// The installations the apps are found in.
    public var locationDescription: String {
        "Flatpak apps (" + FlatpakInstallation.all(environment: environment).map(\.root.string).joined(separator: ", ")
            + ")"
    }

    /// The apps' own compiled schemas.
    public var schemaSource: any PreferenceSchemaSource { FlatpakSchemas(store: self) }

    /// The suites whose keys the user set, as the apps read them, sorted: each app's keyfile, or the user's dconf
    /// database for the apps granted dconf, read once (`listing(of:)`); the instances of relocatable schemas among
    /// them.
    ///
    /// Every schema of every app is a suite too; ``schemaSource`` lists them all.
    ///
    /// - Throws: `FlatpakSettingsError` when an installation, an override, an app's schemas, its keyfile or the
    ///   dconf database cannot be read.
    public func listSuites() throws -> [String] {
        var names: [String] = []
        for app in try apps() { names += try listing(of: app).held }
        return names.sorted()
    }

    /// A suite by name: `APPID/SCHEMA`, or `APPID/SCHEMA:PATH` for an instance of a relocatable schema.
    public func anySuite(_ name: String) throws -> any PersistentKeyValueStore {
        try suite(name)
    }

    /// Checks that a name names an installed app's schema, without reading its keyfile.
    public func checkSuiteName(_ name: String) throws {
        _ = try resolve(name)
    }

    /// Observes every change to every app's schemas, whoever makes them; the apps' own arrive while ``run()`` runs.
    public func addObserver(
        _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation {
        let registration = changeNotifier.addObserver(handler, onProblem: onProblem)
        // A suite hears its app's changes once open, and stays open while the store lives; what cannot be listed or
        // opened is told to the observers, whose changes it would hide.
        do {
            for name in try schemaSource.schemaSuites() {
                do { _ = try suite(name) } catch { changeNotifier.report(error) }
            }
        } catch {
            changeNotifier.report(error)
        }
        return registration
    }

    /// Observes some suites only, opening no other.
    public func addObserver(
        ofSuites suites: Set<String>, _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation {
        // A suite that cannot be opened is told to the observers, whose changes it would hide.
        for name in suites {
            do { _ = try suite(name) } catch { changeNotifier.report(error) }
        }
        return changeNotifier.addObserver(ofSuites: suites, handler, onProblem: onProblem)
    }

    /// Watches every app's settings folder from now on, for `prefs watch` and `prefs record`.
    public func startDelivering() throws -> PersistentKeyValueObservation? {
        try startWatching()
    }

    /// `flatpak run --command=gsettings APPID set SCHEMA KEY VALUE`, as the apps' READMEs tell their users to.
    public var nativeCommands: (any NativeCommands)? { FlatpakCommands(store: self) }
}

extension FlatpakStore {
    /// A folder per app, titled by the name its desktop file gives it, and its id: `Notes (org.example.Notes)`.
    public func suiteFolderTitles() -> [String: String] {
        // An installation that cannot be listed has no folders; the listing says why.
        let apps = (try? apps()) ?? []
        var titles: [String: String] = [:]
        for app in apps {
            // As the desktop file gives it: whatever shows it escapes it, as every text from a file.
            titles[app.id + "/"] = app.displayName.map { "\($0) (\(app.id))" } ?? app.id
        }
        return titles
    }
}
