package import PrefsCore
package import PrefsGLib
import PrefsStoreKit
import SystemPackage

/// A Flatpak app's settings as GLib's keyfile backend gives them to the app: the app's own compiled schemas, and the
/// values in its keyfile (``FlatpakApp/settingsFile(environment:)``), a schema's keys in the group named by its path
/// less the outer slashes (`/org/example/Notes/` → `[org/example/Notes]`), each value GVariant text.
///
/// Follows `gkeyfilesettingsbackend.c` and `gsettings.c`: a value is parsed as its key's type, a string written
/// without quotes taken as if quoted; one that does not parse, or that the key's range or choices refuse (unless an
/// alias names a choice), is none, and the app reads its default.
package struct FlatpakSettings: Sendable {
    package let app: FlatpakApp
    package let schemas: CompiledSchemas
    /// The keyfile, or `nil` while the app has none.
    package let keyfile: GLibKeyfile?

    /// Why an app's settings cannot be read.
    package struct Unreadable: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// Reads an app's compiled schemas and its keyfile.
    ///
    /// - Parameters:
    ///   - app: The app.
    ///   - environment: Where `HOME` is read.
    /// - Throws: ``Unreadable`` when a file exists but cannot be read, or GLib, which parses the values, cannot
    ///   be loaded.
    package init(app: FlatpakApp, environment: [String: String] = ProcessEnvironment.current) throws(Unreadable) {
        try self.init(app: app, schemas: Self.schemas(of: app), environment: environment)
    }

    /// Reads an app's keyfile, its compiled schemas already read: a suite reads them once, the keyfile at every
    /// read.
    ///
    /// - Parameters:
    ///   - app: The app.
    ///   - schemas: Its compiled schemas (``schemas(of:)``).
    ///   - environment: Where `HOME` is read.
    /// - Throws: ``Unreadable`` when the keyfile exists but cannot be read, or GLib cannot be loaded.
    package init(app: FlatpakApp, schemas: CompiledSchemas, environment: [String: String]) throws(Unreadable) {
        self.app = app
        self.schemas = schemas
        let file = app.settingsFile(environment: environment)
        do {
            keyfile = try SmallFile.read(file, limit: GLibKeyfile.limit, limitText: "1 MiB").map {
                GLibKeyfile(Array($0))
            }
        } catch {
            throw Unreadable(description: "\(file) cannot be read: \(error)")
        }
        if let problem = GLib.glibLoadFailure() {
            throw Unreadable(description: "the values need GLib, which cannot be loaded (\(problem))")
        }
    }

    /// An app's compiled schemas.
    ///
    /// - Throws: ``Unreadable`` when the file exists but cannot be read.
    package static func schemas(of app: FlatpakApp) throws(Unreadable) -> CompiledSchemas {
        do {
            return try CompiledSchemas(folders: [app.schemaFolder.string])
        } catch {
            throw Unreadable(description: "the schemas of \(app.id) cannot be read: \(error.reason)")
        }
    }

    /// The keyfile's group for a schema path: the path less its outer slashes.
    package static func group(forPath path: String) -> String {
        String(path.dropFirst(path.hasPrefix("/") ? 1 : 0).dropLast(path.hasSuffix("/") ? 1 : 0))
    }

    /// The values the user set for a schema's keys, as the app reads them: a key whose text GLib would not take is
    /// left out.
    ///
    /// - Parameters:
    ///   - id: The schema's id.
    ///   - path: The path of a relocatable schema's instance; a fixed schema's own when `nil`.
    /// - Returns: The values by key; none when the schema is not the app's.
    package func userValues(ofSchema id: String, path: String? = nil) -> [String: PropertyListValue] {
        guard let schema = schemas.schema(id), let path = path ?? schema.path, let keyfile else { return [:] }
        let group = Self.group(forPath: path)
        var values: [String: PropertyListValue] = [:]
        for name in schema.keyNames {
            guard let raw = keyfile.value(group: group, key: name), let key = schema.key(name),
                let variant = Self.parsed(raw, as: key)
            else { continue }
            values[name] = VariantConversion.value(of: variant)
        }
        return values
    }

    /// A key's raw text as GSettings takes it from the keyfile backend, or `nil` when it would read the default.
    static func parsed(_ raw: String, as key: CompiledSchemaKey) -> Variant? {
        let type = key.type.string
        // Text GLib cannot parse as the key's type is no value: the app reads its default.
        var variant = try? Variant.parse(raw, as: type)
        // The keyfile backend's own exception: a string written without its quotes, taken with each `"` escaped (and
        // nothing else) and quotes around it, as get_from_keyfile takes it.
        if variant == nil, type == "s", !raw.hasPrefix("\"") {
            var quoted = "\""
            for character in raw {
                if character == "\"" { quoted.append("\\") }
                quoted.append(character)
            }
            quoted.append("\"")
            variant = try? Variant.parse(quoted, as: type)
        }
        guard let variant else { return nil }
        let bytes = variant.serializedBytes
        guard let serialized = SerializedVariant(type: key.type, buffer: bytes, range: 0..<bytes.count) else {
            return nil
        }
        if key.allows(serialized) != false { return variant }
        // g_settings_schema_key_range_fixup: a string an alias names reads as its choice.
        guard let alias = serialized.string, let target = key.aliases[alias] else { return nil }
        return Variant.string(target)
    }
}
