public import PrefsCore
import PrefsGLib
import PrefsStoreKit
import PrefsSystem
import Synchronization
import SystemPackage

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

    /// The installed schemas that live at a path of their own, and the known instances of relocatable ones, sorted.
    public func schemaSuites() throws -> [String] {
        let catalog = try store.catalog()
        return (catalog.schemaIDs().fixed + store.listedRelocatableInstances(in: catalog)).sorted()
    }

    /// The schema of a suite; a relocatable schema's suite (`SCHEMA:/path/`) has its schema's.
    ///
    /// - Throws: ``GSettingsStoreError`` for a name that cannot name a suite, or when GIO cannot be loaded.
    public func schema(for suite: String) throws -> PreferenceSchema? {
        if let cached = Self.cache.withLock({ $0[suite] }) { return cached }
        // A dconf directory's keys are those no schema describes.
        if suite.hasPrefix("/") { return nil }
        let location = try SuiteLocation(suite)
        let files: SchemaFiles?
        do {
            files = try store.schemaFiles(for: location)
        } catch {
            // A relocatable schema without a path, or a fixed one with one, names no suite: as through GIO below.
            return nil
        }
        guard let entries = try filesEntries(files, of: location) ?? gioEntries(of: suite) else { return nil }
        var schema = try PreferenceSchema(suite: location.name, entries: entries)
        // GSettings reads and writes only the keys a schema declares.
        schema.undeclaredKeys = .refused
        Self.cache.withLock { $0[suite] = schema }
        return schema
    }

    /// A suite's keys from the compiled schemas and dconf's databases, without GIO, made as GIO's are; their
    /// documentation is read through GIO when first asked for.
    ///
    /// - Returns: The entries, or `nil` when the suite is not read from files or they cannot say what GIO would.
    private func filesEntries(_ files: SchemaFiles?, of location: SuiteLocation) -> [PreferenceSchemaEntry]? {
        guard let files else { return nil }
        let store = store
        do {
            return try files.entries { name, flags in
                // Documentation is only shown: without GIO there is none to show, and every write says why.
                guard let settings = try? store.settings(location.name) else { return (nil, nil) }
                return GIOLock.run { settings.schema.key(name)?.documentation(flags: flags) } ?? (nil, nil)
            }
        } catch {
            return nil
        }
    }

    /// A suite's keys through GIO.
    ///
    /// - Returns: The entries, or `nil` when no installed schema names the suite.
    /// - Throws: ``GSettingsStoreError/gioUnavailable(_:)`` when GIO cannot be loaded.
    private func gioEntries(of suite: String) throws -> [PreferenceSchemaEntry]? {
        let settings: Settings
        do {
            settings = try store.settings(suite)
        } catch {
            // A suite with no installed schema has no schema; a store that cannot read any says so.
            if case .gioUnavailable = error { throw error }
            return nil
        }
        return GIOLock.run {
            settings.schema.keyNames.sorted().compactMap { name in
                settings.schema.key(name)?.entry(effectiveDefault: settings.defaultValue(name))
            }
        }
    }

    /// How many keys the schema declares, from GIO's list of its names: reading every installed schema whole for
    /// the editor's suites screen would cost its first frame the summaries and ranges of thousands of keys.
    public func declaredKeyCount(for suite: String) -> Int? {
        if let cached = Self.cache.withLock({ $0[suite] }) { return cached.entries.count }
        guard !suite.hasPrefix("/"), let settings = try? store.settings(suite) else { return nil }
        return GIOLock.run { settings.schema.keyNames.count }
    }

    public func installSchema(_ manifest: Data, suite: String?) throws -> (schema: PreferenceSchema, location: String) {
        throw GSettingsStoreError.readOnlySchemas(suite ?? "")
    }

    /// Pairs a relocatable schema with a dconf directory, or a pattern of them (`/org/example/profiles//`), in the
    /// user's mappings (``GSettingsStore/mapSchema(_:toPath:)``).
    public func mapSchema(_ schema: String, toPath path: String) throws -> String? {
        try store.mapSchema(schema, toPath: path)
    }

    public func unmapSchema(atPath path: String) throws -> Bool {
        try store.unmapSchema(atPath: path)
    }

    public func uninstallSchema(for suite: String) throws -> Bool {
        throw GSettingsStoreError.readOnlySchemas(suite)
    }

    /// Watches the folders of compiled schemas with inotify: `glib-compile-schemas` replaces `gschemas.compiled`
    /// by a rename, after which the store reads the schemas again, which GLib itself never does in a running program.
    ///
    /// The user's own folder is created to be watched when `creatingFolder` allows, as installing a schema for one
    /// user would make it; any other folder is watched only if it exists.
    public func watchSchemas(
        creatingFolder: Bool, onChange: @escaping @Sendable (Set<String>) -> Void,
        onProblem: @escaping @Sendable (any Error) -> Void
    ) throws -> PersistentKeyValueObservation? {
        try GIOLibrary.load()
        let user = GSettingsStore.userSchemaFolder()
        if creatingFolder { try FileSystem.createDirectory(FilePath(user)) }
        let store = store
        var watchers: [DirectoryWatcher] = []
        for folder in Set(GSettingsStore.schemaFolderList()) where FileManager.default.fileExists(atPath: folder) {
            let watcher = try DirectoryWatcher(
                directory: FilePath(folder), suffixes: ["gschemas.compiled"],
                onChange: { _, _ in onChange(store.rereadCompiledSchemas()) }, onFailure: { onProblem($0) })
            try watcher.start()
            watchers.append(watcher)
        }
        guard !watchers.isEmpty else { return nil }
        let watching = watchers
        return PersistentKeyValueObservation { withExtendedLifetime(watching) {} }
    }

    /// Forgets the schemas read so far, after the compiled schemas changed.
    static func forgetCachedSchemas() {
        cache.withLock { $0 = [:] }
    }
}
