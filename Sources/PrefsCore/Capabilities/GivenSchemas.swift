#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Schemas an app hands over, such as those built from its own keys, in front of another source.
///
/// The editor embedded in an app shows the app's own schemas even when none is installed; the schemas given take
/// precedence, and installing or removing goes to the source behind them.
public struct GivenSchemas: PreferenceSchemaSource {
    /// The schemas handed over, by suite.
    public let schemas: [String: PreferenceSchema]
    /// The source consulted for the other suites, and changed by installs.
    public let fallback: (any PreferenceSchemaSource)?

    /// Creates a source from schemas, in front of another.
    ///
    /// - Parameters:
    ///   - schemas: The schemas, by suite.
    ///   - fallback: The source for every other suite; none when `nil`, and then the source is read-only.
    public init(_ schemas: [String: PreferenceSchema], fallback: (any PreferenceSchemaSource)? = nil) {
        self.schemas = schemas
        self.fallback = fallback
    }

    public var schemaLocationDescription: String {
        fallback.map { "the app's own schemas, then \($0.schemaLocationDescription)" } ?? "the app's own schemas"
    }

    public func schemaSuites() throws -> [String] {
        Set(schemas.keys).union(try fallback?.schemaSuites() ?? []).sorted()
    }

    public func schema(for suite: String) throws -> PreferenceSchema? {
        if let schema = schemas[suite] { return schema }
        return try fallback?.schema(for: suite)
    }

    public func declaredKeyCount(for suite: String) -> Int? {
        if let schema = schemas[suite] { return schema.entries.count }
        return fallback?.declaredKeyCount(for: suite)
    }

    public func installSchema(_ manifest: Data, suite: String?) throws -> (
        schema: PreferenceSchema, location: String
    ) {
        guard let fallback else {
            throw PreferenceSchemaSourceError("the app's own schemas cannot be replaced")
        }
        return try fallback.installSchema(manifest, suite: suite)
    }

    public func mapSchema(_ schema: String, toPath path: String) throws -> String? {
        guard let fallback else { throw PreferenceSchemaSourceError.noMappings(schemaLocationDescription) }
        return try fallback.mapSchema(schema, toPath: path)
    }

    public func unmapSchema(atPath path: String) throws -> Bool {
        guard let fallback else { throw PreferenceSchemaSourceError.noMappings(schemaLocationDescription) }
        return try fallback.unmapSchema(atPath: path)
    }

    public func uninstallSchema(for suite: String) throws -> Bool {
        guard schemas[suite] == nil else {
            throw PreferenceSchemaSourceError(
                "the schema of suite \(TextEscaping.quoted(suite)) is the app's own; it cannot be removed")
        }
        return try fallback?.uninstallSchema(for: suite) ?? false
    }
}
