public import PrefsCore
import PrefsGLib
import Synchronization
import SystemPackage

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The installed apps' own GSettings schemas as PrefsKit's schemas: each key's type, default, choices and range from
/// the app's compiled schemas, its summary and description as GIO reads them from the app's schema sources.
///
/// They come with the app, so installing or removing one here is refused.
public struct FlatpakSchemas: PreferenceSchemaSource {
    let store: FlatpakStore
    /// GIO's view of each app's schema folder, for documentation, made when first asked for.
    private static let sources = Mutex<[String: SchemaSource]>([:])

    public var schemaLocationDescription: String { "the apps' own schemas (files/share/glib-2.0/schemas)" }

    /// Every schema of every app that lives at a path of its own, as `APPID/SCHEMA`, and the instances of relocatable
    /// ones the apps' settings hold, as `APPID/SCHEMA:PATH`, sorted.
    ///
    /// - Throws: `FlatpakSettingsError` when an installation, an app's schemas or its settings cannot be read.
    public func schemaSuites() throws -> [String] {
        var names: [String] = []
        for app in try store.apps() {
            names += try store.schemas(of: app).schemaIDs.fixed.map { app.id + "/" + $0 }
            names += try store.listing(of: app).instances
        }
        return names.sorted()
    }

    /// A suite's schema, made as the GSettings store makes an installed schema's: the defaults the app's own, its
    /// undeclared keys refused, as GSettings refuses them.
    ///
    /// - Throws: `FlatpakSettingsError` when the schemas cannot be read; a name that names no app's schema has
    ///   none.
    public func schema(for suite: String) throws -> PreferenceSchema? {
        let app: FlatpakApp
        let id: String
        do {
            (app, id, _) = try store.resolve(suite)
        } catch {
            if case .unreadable = error { throw error }
            return nil
        }
        guard let compiled = try store.schemas(of: app).schema(id) else { return nil }
        var entries: [PreferenceSchemaEntry] = []
        for name in compiled.keyNames {
            guard let key = compiled.key(name) else { throw FlatpakSettingsError.unreadable("key \(name) of \(id)") }
            let allowed = key.entryAllowed
            let folder = app.schemaFolder.string
            guard let defaultValue = key.defaultValue.faithfulValue ?? Self.gioDefault(of: name, schema: id, in: folder)
            else {
                throw FlatpakSettingsError.unreadable(
                    "the default of \(name) of \(id) needs GIO, which cannot be loaded")
            }
            entries.append(
                GSettingsEntry.make(
                    name: name, type: key.type.string, defaultValue: defaultValue, allowed: allowed
                ) { Self.documentation(of: name, schema: id, in: folder, flags: allowed.flags) })
        }
        var schema = try PreferenceSchema(suite: suite, entries: entries)
        schema.undeclaredKeys = .refused
        return schema
    }

    /// How many keys a suite's schema declares, from the compiled schema's list of names.
    public func declaredKeyCount(for suite: String) -> Int? {
        // A name that names no schema, or schemas that cannot be read, count nothing; a read says why.
        guard let (app, id, _) = try? store.resolve(suite), let schemas = try? store.schemas(of: app) else {
            return nil
        }
        return schemas.schema(id)?.keyNames.count
    }

    public func installSchema(_ manifest: Data, suite: String?) throws -> (schema: PreferenceSchema, location: String) {
        throw FlatpakSettingsError.readOnlySchemas(suite ?? "")
    }

    public func uninstallSchema(for suite: String) throws -> Bool {
        throw FlatpakSettingsError.readOnlySchemas(suite)
    }

    /// A default PrefsKit cannot hold exactly (a tuple, a maybe), as GIO shows it: its GVariant text.
    private static func gioDefault(of key: String, schema: String, in folder: String) -> PropertyListValue? {
        GIOLock.run {
            guard let schemaKey = source(folder)?.lookup(schema)?.key(key) else { return nil }
            return VariantConversion.value(of: schemaKey.defaultValue)
        }
    }

    /// A key's summary and description, as GIO reads them from the `.gschema.xml` sources beside the compiled file.
    private static func documentation(of key: String, schema: String, in folder: String, flags: [String])
        -> (summary: String?, description: String?)
    {
        GIOLock.run { source(folder)?.lookup(schema)?.key(key)?.documentation(flags: flags) } ?? (nil, nil)
    }

    /// GIO's source of one app's schemas, alone: no host schema hides or adds one; `nil` without GIO.
    private static func source(_ folder: String) -> SchemaSource? {
        if let source = sources.withLock({ $0[folder] }) { return source }
        // Documentation is only shown: without GIO there is none, and the values, read without it, are unaffected.
        guard GLib.loadFailure() == nil, let source = SchemaSource.chain(of: [folder]) else { return nil }
        sources.withLock { $0[folder] = source }
        return source
    }
}
