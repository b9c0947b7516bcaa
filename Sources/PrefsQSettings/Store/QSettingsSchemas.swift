public import PrefsCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// QSettings' schemas: none.
///
/// Qt apps declare no schema of their settings; every value carries its type in its text.
public struct QSettingsSchemas: PreferenceSchemaSource {
    public var schemaLocationDescription: String { "QSettings (no schemas)" }

    public func schemaSuites() throws -> [String] { [] }

    public func schema(for suite: String) throws -> PreferenceSchema? { nil }

    public func installSchema(_ manifest: Data, suite: String?) throws -> (schema: PreferenceSchema, location: String) {
        throw QSettingsStoreError.noSchemas
    }

    public func uninstallSchema(for suite: String) throws -> Bool {
        throw QSettingsStoreError.noSchemas
    }
}
