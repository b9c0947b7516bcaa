import PrefsCore
import PrefsGLib
import PrefsSystem
import SystemPackage

extension FlatpakStore {
    /// What an app's settings hold, read once: its suites that hold a value the app reads, and the instances of its
    /// relocatable schemas (``FlatpakInstances``).
    ///
    /// An app with no keyfile (or, granted dconf, no dconf database) holds nothing, told without loading GLib.
    ///
    /// - Parameter app: The app.
    /// - Returns: The suites' names, each once.
    /// - Throws: ``FlatpakSettingsError`` when an override, the app's schemas, its keyfile or the dconf database
    ///   cannot be read.
    func listing(of app: FlatpakApp) throws(FlatpakSettingsError) -> (held: [String], instances: [String]) {
        let inDconf = try keepsSettingsInDconf(app)
        let file =
            inDconf
            ? FlatpakDconfSettings.databaseFile(environment: environment) : app.settingsFile(environment: environment)
        // No file holds nothing; a file that cannot be looked at is named, not taken for none.
        do {
            guard try FileSystem.exists(file) else { return ([], []) }
        } catch {
            throw .unreadable("\(file) cannot be read: \(error)")
        }
        let schemas = try schemas(of: app)
        let values: (String, String?) -> [String: PropertyListValue]
        let places: [String: Set<String>]
        do {
            if inDconf {
                let settings = try FlatpakDconfSettings(app: app, schemas: schemas, environment: environment)
                values = { settings.userValues(ofSchema: $0, path: $1) }
                let roots = schemas.schemaIDs.fixed.compactMap { schemas.schema($0)?.path }
                places = settings.database.map { FlatpakInstances.places(in: $0, under: Self.outermost(roots)) } ?? [:]
            } else {
                let settings = try FlatpakSettings(app: app, schemas: schemas, environment: environment)
                values = { settings.userValues(ofSchema: $0, path: $1) }
                places = settings.keyfile.map(FlatpakInstances.places(in:)) ?? [:]
            }
        } catch {
            throw .unreadable(error.description)
        }
        let pairs = FlatpakInstances.paired(places, schemas: schemas)
        let instances = pairs.map { "\(app.id)/\($0.schema):\($0.path)" }
        var held = schemas.schemaIDs.fixed.filter { !values($0, nil).isEmpty }.map { app.id + "/" + $0 }
        held += zip(instances, pairs).filter { !values($1.schema, $1.path).isEmpty }.map(\.0)
        return (held, instances)
    }

    /// The paths none of the others lies under: a folder walked once, not again for each path inside it.
    static func outermost(_ paths: [String]) -> [String] {
        let unique = Set(paths)
        return unique.filter { path in !unique.contains { $0 != path && path.hasPrefix($0) } }.sorted()
    }
}
