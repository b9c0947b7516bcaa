#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Where the schemas of a store's suites come from: manifests installed beside a directory of files, a table in the
/// database every machine shares, or schemas an app hands over.
///
/// Tools ask a store for its source (``SuiteStore/schemaSource``) and never for a kind of store, so `prefs schema`
/// and the editor work alike on every store.
public protocol PreferenceSchemaSource: Sendable {
    /// Where the schemas are kept, for people.
    var schemaLocationDescription: String { get }

    /// The suites that have a schema, sorted.
    ///
    /// - Throws: The source's error when the list cannot be read.
    func schemaSuites() throws -> [String]

    /// The schema of a suite.
    ///
    /// - Parameter suite: The suite's name.
    /// - Returns: The schema, or `nil` when the suite has none.
    /// - Throws: The source's error when the name is invalid or the schema cannot be read.
    func schema(for suite: String) throws -> PreferenceSchema?

    /// Installs a manifest for a suite, replacing any earlier one at once.
    ///
    /// - Parameters:
    ///   - manifest: The manifest's bytes; checked before anything is written.
    ///   - suite: The suite it describes; when `nil`, the suite the manifest names.
    /// - Returns: The schema installed, and where, for people.
    /// - Throws: The source's error when the manifest is invalid, names no suite, or the source is read-only.
    @discardableResult
    func installSchema(_ manifest: Data, suite: String?) throws -> (schema: PreferenceSchema, location: String)

    /// Removes a suite's schema; its stored values are left alone.
    ///
    /// - Parameter suite: The suite's name.
    /// - Returns: Whether a schema was installed.
    /// - Throws: The source's error when the schema cannot be removed.
    @discardableResult
    func uninstallSchema(for suite: String) throws -> Bool
}

/// Why a schema source refused a change.
public struct PreferenceSchemaSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line saying what is wrong.
    public let description: String

    /// Creates an error.
    ///
    /// - Parameter description: One line saying what is wrong.
    public init(_ description: String) {
        self.description = description
    }

    /// The manifest names no suite, and none was given.
    public static let noSuite = PreferenceSchemaSourceError("the manifest names no suite; give one with --suite")
}
