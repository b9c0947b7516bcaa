package import PrefsCore
import PrefsDBus
package import PrefsGLib
import PrefsStoreKit
package import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The settings of a Flatpak app granted dconf (``FlatpakApp/grantsDconf(overriddenIn:)``): its schemas' keys in the
/// user's dconf database, which flatpak shares with such an app (`~/.config/dconf`, read through
/// `DCONF_USER_CONFIG_DIR`, written through dconf's service), typed by the app's own compiled schemas, which the host
/// does not have.
///
/// The sandbox sees the user's database alone (`user-db:user`): the host's system databases and profile stay outside
/// it, so a key the user did not set reads as the app's schema's default.
package struct FlatpakDconfSettings: Sendable {
    package let app: FlatpakApp
    package let schemas: CompiledSchemas
    /// The user's database, or `nil` while dconf has written none.
    package let database: GVDBTable?
    /// Where the session bus's address is read.
    let environment: [String: String]

    /// Reads the user's dconf database.
    ///
    /// - Parameters:
    ///   - app: The app.
    ///   - schemas: Its compiled schemas.
    ///   - environment: Where `XDG_CONFIG_HOME`, `HOME` and the session bus's address are read.
    /// - Throws: ``FlatpakSettings/Unreadable`` when the database exists but cannot be read, or GLib cannot be loaded.
    package init(app: FlatpakApp, schemas: CompiledSchemas, environment: [String: String]) throws(FlatpakSettings
        .Unreadable)
    {
        self.app = app
        self.schemas = schemas
        self.environment = environment
        do {
            database = try GLibFile.table(at: Self.databaseFile(environment: environment).string)
        } catch {
            throw FlatpakSettings.Unreadable(description: "dconf's database cannot be read: \(error.reason)")
        }
        if let problem = GLib.glibLoadFailure() {
            throw FlatpakSettings.Unreadable(description: "the values need GLib, which cannot be loaded (\(problem))")
        }
    }

    /// The user's dconf database, as the sandbox finds it: `$XDG_CONFIG_HOME/dconf/user`.
    package static func databaseFile(environment: [String: String]) -> FilePath {
        FilePath(XDGDirectories.configHome(environment: environment).path).appending("dconf/user")
    }

    /// The values the user set for a schema's keys, as the app reads them: one of another type is none, one the
    /// schema's range or choices refuse is none unless an alias names a choice (`g_settings_schema_key_range_fixup`).
    ///
    /// - Parameters:
    ///   - id: The schema's id.
    ///   - path: The path of a relocatable schema's instance; a fixed schema's own when `nil`.
    /// - Returns: The values by key; none when the schema is not the app's.
    package func userValues(ofSchema id: String, path: String? = nil) -> [String: PropertyListValue] {
        guard let schema = schemas.schema(id), let path = path ?? schema.path, let database else { return [:] }
        var values: [String: PropertyListValue] = [:]
        for name in schema.keyNames {
            guard let raw = database.value(forKey: path + name), let key = schema.key(name), raw.type == key.type
            else { continue }
            if key.allows(raw) != false {
                guard let value = raw.faithfulValue ?? Variant(serialized: raw).map(VariantConversion.value(of:))
                else { continue }
                values[name] = value
            } else if let alias = raw.string, let target = key.aliases[alias] {
                values[name] = .string(target)
            }
        }
        return values
    }

    /// Writes keys through dconf's service, as GSettings' dconf backend does: one `Change`, answered once the service
    /// has stored it.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to reset it.
    ///   - id: The schema's id.
    ///   - path: The path of a relocatable schema's instance; a fixed schema's own when `nil`.
    ///   - suite: The suite's name, for errors.
    /// - Throws: ``FlatpakSettingsError`` when a key or value is refused (nothing sent), or the service cannot be
    ///   reached or refuses the change.
    package func write(
        _ changes: [String: PropertyListValue?], ofSchema id: String, path: String? = nil, suite: String
    ) throws(FlatpakSettingsError) {
        try send(try changeset(changes, ofSchema: id, path: path, suite: suite))
    }

    /// Sends a changeset to dconf's service, and waits until it has stored it.
    ///
    /// - Parameter changeset: The changes (``changeset(_:ofSchema:suite:)``).
    /// - Throws: ``FlatpakSettingsError/writeFailed(path:reason:)`` when the service cannot be reached or refuses it.
    package func send(_ changeset: [UInt8]) throws(FlatpakSettingsError) {
        do throws(SessionBusConnection.Failure) {
            let connection = try SessionBusConnection(environment: environment)
            try connection.call(
                destination: "ca.desrt.dconf", path: "/ca/desrt/dconf/Writer/user", interface: "ca.desrt.dconf.Writer",
                member: "Change", signature: "ay"
            ) { $0.byteArray(changeset) }
        } catch {
            throw .writeFailed(path: "dconf (\(Self.databaseFile(environment: environment)))", reason: error.reason)
        }
    }

    /// The changes as dconf's changeset, each value checked by the schema.
    ///
    /// - Throws: ``FlatpakSettingsError`` for a key the schema lacks or a value it refuses.
    package func changeset(
        _ changes: [String: PropertyListValue?], ofSchema id: String, path: String? = nil, suite: String
    ) throws(FlatpakSettingsError) -> [UInt8] {
        guard let schema = schemas.schema(id), let path = path ?? schema.path else {
            throw .noSchema(app: app.id, schema: id)
        }
        var planned: [(path: String, value: SerializedVariant?)] = []
        for name in changes.keys.sorted() {
            guard schema.hasKey(name) else { throw .unknownKey(suite: suite, key: name) }
            guard let value = changes[name] ?? nil else {
                planned.append((path + name, nil))
                continue
            }
            guard let key = schema.key(name) else {
                throw .invalidValue(suite: suite, key: name, reason: "its schema cannot be read here")
            }
            let bytes = try FlatpakSettings.checked(value, for: key, suite: suite).serializedBytes
            guard let serialized = SerializedVariant(type: key.type, buffer: bytes, range: 0..<bytes.count) else {
                throw .invalidValue(suite: suite, key: name, reason: "GLib made no value of its type")
            }
            planned.append((path + name, serialized))
        }
        return VariantSerializer.dconfChangeset(planned)
    }
}
