public import PrefsCore
import PrefsStoreKit
import PrefsSystem
import SystemPackage

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension SchemaCatalog: PreferenceSchemaSource {
    public var schemaLocationDescription: String { directory.path }

    public func schemaSuites() -> [String] {
        suites()
    }

    public func installSchema(_ manifest: Data, suite: String?) throws -> (schema: PreferenceSchema, location: String) {
        let (schema, file) = try install(manifest, suite: suite)
        return (schema, file.path)
    }

    public func uninstallSchema(for suite: String) throws -> Bool {
        try uninstall(suite: suite)
    }

    /// Watches the manifests' folder with inotify, as the store watches its suites: an install's atomic rename and
    /// an uninstall's unlink are reported by suite name.
    public func watchSchemas(
        creatingFolder: Bool, onChange: @escaping @Sendable (Set<String>) -> Void,
        onProblem: @escaping @Sendable (any Error) -> Void
    ) throws -> PersistentKeyValueObservation? {
        let folder = FilePath(directory.path)
        if creatingFolder {
            // As an install would make it: a schema installed later lands here, and a watch needs the folder.
            try FileSystem.createDirectory(folder)
        } else {
            // Read-only, a missing folder means no schema to watch; any other failure to look is reported.
            do {
                _ = try Stat(folder)
            } catch .noSuchFileOrDirectory {
                return nil
            }
        }
        let catalog = self
        let watcher = try DirectoryWatcher(
            directory: folder, suffixes: [".json"],
            onChange: { suites, overflowed in onChange(overflowed ? Set(catalog.suites()) : suites) },
            onFailure: { onProblem($0) })
        try watcher.start()
        return PersistentKeyValueObservation { withExtendedLifetime(watcher) {} }
    }
}
