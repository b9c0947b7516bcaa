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

    /// How many keys a suite's schema declares, where the source can tell without reading the schema whole: the
    /// editor's suites screen shows it for every suite (`43 keys, 2 set`).
    ///
    /// - Parameter suite: The suite's name.
    /// - Returns: The count, or `nil` when the suite has no schema or the source would have to read it whole.
    func declaredKeyCount(for suite: String) -> Int?

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

    /// Pairs a schema that can live at several places with one of them, in the user's own mappings, so that the
    /// schema's keys there form a suite: GSettings' relocatable schemas at dconf directories.
    ///
    /// - Parameters:
    ///   - schema: The schema's name.
    ///   - path: The place, or a pattern of places where the store has them.
    /// - Returns: The suite the place now is, or `nil` for a pattern.
    /// - Throws: The source's error when it keeps no mappings, or the schema or place cannot be paired.
    @discardableResult
    func mapSchema(_ schema: String, toPath path: String) throws -> String?

    /// Forgets the user's pairing of a place.
    ///
    /// - Parameter path: The place, as it was mapped.
    /// - Returns: Whether it was mapped.
    /// - Throws: The source's error when it keeps no mappings, or they cannot be changed.
    @discardableResult
    func unmapSchema(atPath path: String) throws -> Bool

    /// Watches the schemas, so that a schema installed, changed or removed while a program runs shows at once.
    ///
    /// - Parameters:
    ///   - creatingFolder: Whether the folder the schemas are kept in may be created to be watched (not for a
    ///     read-only editor, which creates nothing); without it, a source whose folder is missing watches nothing.
    ///   - onChange: Called, on a thread of the source's, with the suites whose schema changed; every suite with a
    ///     schema when the source cannot tell which.
    ///   - onProblem: Called once when the watch stops for good.
    /// - Returns: The watch, which ends when cancelled or released; `nil` when the source cannot be watched.
    /// - Throws: The source's error when the watch cannot be set up.
    func watchSchemas(
        creatingFolder: Bool, onChange: @escaping @Sendable (Set<String>) -> Void,
        onProblem: @escaping @Sendable (any Error) -> Void
    ) throws -> PersistentKeyValueObservation?
}

extension PreferenceSchemaSource {
    /// None: the suites of most stores are named, not placed, and each schema describes one suite.
    ///
    /// - Throws: ``PreferenceSchemaSourceError`` saying so.
    public func mapSchema(_ schema: String, toPath path: String) throws -> String? {
        throw PreferenceSchemaSourceError.noMappings(schemaLocationDescription)
    }

    /// None: the suites of most stores are named, not placed.
    ///
    /// - Throws: ``PreferenceSchemaSourceError`` saying so.
    public func unmapSchema(atPath path: String) throws -> Bool {
        throw PreferenceSchemaSourceError.noMappings(schemaLocationDescription)
    }

    /// Unknown: a source whose schemas are files reads each whole to count its keys, which over 150 schemas costs
    /// the editor's first frame more than everything else.
    ///
    /// - Parameter suite: Unused.
    /// - Returns: `nil`.
    public func declaredKeyCount(for suite: String) -> Int? { nil }

    /// Schemas that cannot be watched: a source that knows no way to, and schemas given in code, which never change.
    ///
    /// - Parameters:
    ///   - creatingFolder: Unused.
    ///   - onChange: Never called.
    ///   - onProblem: Never called.
    /// - Returns: `nil`.
    /// - Throws: Nothing; a source that watches may.
    public func watchSchemas(
        creatingFolder: Bool, onChange: @escaping @Sendable (Set<String>) -> Void,
        onProblem: @escaping @Sendable (any Error) -> Void
    ) throws -> PersistentKeyValueObservation? {
        nil
    }
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

    /// The source's schemas each describe one suite, so none is mapped to a place.
    ///
    /// - Parameter location: Where the schemas are kept, for people.
    /// - Returns: The error.
    public static func noMappings(_ location: String) -> PreferenceSchemaSourceError {
        PreferenceSchemaSourceError(
            "the schemas of \(location) each describe one suite; only a store whose schemas can live at several paths "
                + "maps one to a path")
    }

    /// The manifest names no suite, and none was given.
    public static let noSuite = PreferenceSchemaSourceError("the manifest names no suite; give one with --suite")
}
