public import PrefsCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Xfconf's schemas: none.
///
/// Its properties carry their types themselves, and no program installs a description of them, so every channel is
/// read and written as its values are typed.
public struct XfconfSchemas: PreferenceSchemaSource {
    public var schemaLocationDescription: String { "Xfconf (no schemas)" }

    public func schemaSuites() throws -> [String] { [] }

    public func schema(for suite: String) throws -> PreferenceSchema? { nil }

    public func installSchema(_ manifest: Data, suite: String?) throws -> (schema: PreferenceSchema, location: String) {
        throw XfconfStoreError.noSchemas
    }

    public func uninstallSchema(for suite: String) throws -> Bool {
        throw XfconfStoreError.noSchemas
    }
}
