public import PrefsCore
import Synchronization

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The installed GSettings schemas as PrefsKit's schemas: each key's type, default, choices, range, summary and
/// description, read through GIO.
///
/// They are installed with `glib-compile-schemas`, so installing or removing one here is refused.
public struct GSettingsSchemas: PreferenceSchemaSource {
    let store: GSettingsStore
    private static let cache = Mutex<[String: PreferenceSchema]>([:])

    public var schemaLocationDescription: String { GSettingsStore.schemaFolders() }

    /// The installed schemas that live at a path of their own, sorted.
    public func schemaSuites() throws -> [String] { try store.schemaIDs() }

    /// The schema of a suite; a relocatable schema's suite (`SCHEMA:/path/`) has its schema's.
    ///
    /// - Throws: ``GSettingsStoreError`` for a name that cannot name a suite, or when GIO cannot be loaded.
    public func schema(for suite: String) throws -> PreferenceSchema? {
        if let cached = Self.cache.withLock({ $0[suite] }) { return cached }
        let location = try SuiteLocation(suite)
        let settings: Settings
        do {
            settings = try store.settings(suite)
        } catch {
            // A suite with no installed schema has no schema; a store that cannot read any says so.
            if case .gioUnavailable = error { throw error }
            return nil
        }
        let entries = GIOLock.run {
            settings.schema.keyNames.sorted().compactMap { name in
                settings.schema.key(name)?.entry(effectiveDefault: settings.defaultValue(name))
            }
        }
        let schema = try PreferenceSchema(suite: location.name, entries: entries)
        Self.cache.withLock { $0[suite] = schema }
        return schema
    }

    public func installSchema(_ manifest: Data, suite: String?) throws -> (schema: PreferenceSchema, location: String) {
        throw GSettingsStoreError.readOnlySchemas(suite ?? "")
    }

    public func uninstallSchema(for suite: String) throws -> Bool {
        throw GSettingsStoreError.readOnlySchemas(suite)
    }
}
