public import PrefsCore

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
}
