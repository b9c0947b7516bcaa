#if PostgreSQL
public import Foundation
import PostgresNIO
public import PrefsCore

/// The schemas of a ``PostgresStore``'s suites, kept in the `<table>_schemas` table so that every machine sees the
/// same ones.
public struct PostgresSchemas: PreferenceSchemaSource {
    let store: PostgresStore

    public var schemaLocationDescription: String { "\(store.location.table)_schemas of \(store.location)" }

    public func schemaSuites() throws -> [String] {
        let session = store.session
        return try session.withConnection { connection in
            var suites: [String] = []
            let rows = try await connection.query(session.statements.selectSchemaSuites, logger: session.logger)
            for try await suite in rows.decode(String.self) { suites.append(suite) }
            return suites
        }
    }

    public func schema(for suite: String) throws -> PreferenceSchema? {
        try PostgresStore.validate(suite)
        let session = store.session
        let manifest = try session.withConnection { connection in
            var manifest: String?
            let rows = try await connection.query(session.statements.selectSchema(suite), logger: session.logger)
            for try await text in rows.decode(String.self) { manifest = text }
            return manifest
        }
        guard let manifest else { return nil }
        do {
            return try PreferenceSchema(manifest: Data(manifest.utf8))
        } catch {
            throw PreferenceSchemaSourceError(
                "the schema of suite \(TextEscaping.quoted(suite)) in \(schemaLocationDescription) is unreadable: "
                    + "\(error)")
        }
    }

    public func installSchema(_ manifest: Data, suite: String?) throws -> (schema: PreferenceSchema, location: String) {
        let schema = try PreferenceSchema(manifest: manifest)
        guard let name = suite ?? schema.suite else { throw PreferenceSchemaSourceError.noSuite }
        try PostgresStore.validate(name)
        let session = store.session
        let writer =
            "\(PersistentKeyValueChange.Writer.currentName) pid \(ProcessInfo.processInfo.processIdentifier) on "
            + ProcessInfo.processInfo.hostName
        let query = session.statements.installSchema(
            String(decoding: schema.manifest(), as: UTF8.self),
            secretKeys: schema.secretStoredKeys.sorted(), suite: name, by: writer)
        try session.withConnection { connection in _ = try await connection.query(query, logger: session.logger) }
        return (schema, "suite \(TextEscaping.quoted(name)) in \(schemaLocationDescription)")
    }

    /// Watches the schema table: every client's install and removal is announced on the table's schema channel.
    ///
    /// - Parameters:
    ///   - creatingFolder: Unused: the table is created as the store's are.
    ///   - onChange: Called with the suite whose schema was installed, changed or removed.
    ///   - onProblem: Called once if the server refuses this client.
    /// - Returns: The watch.
    /// - Throws: Nothing: a server that cannot be reached is tried again, and one that refuses is `onProblem`'s.
    public func watchSchemas(
        creatingFolder: Bool, onChange: @escaping @Sendable (Set<String>) -> Void,
        onProblem: @escaping @Sendable (any Error) -> Void
    ) throws -> PersistentKeyValueObservation? {
        store.session.watchSchemas(onChange: onChange, onProblem: onProblem)
    }

    public func uninstallSchema(for suite: String) throws -> Bool {
        try PostgresStore.validate(suite)
        let session = store.session
        return try session.withConnection { connection in
            var removed = false
            let rows = try await connection.query(session.statements.deleteSchema(suite), logger: session.logger)
            for try await _ in rows.decode(Int.self) { removed = true }
            return removed
        }
    }
}
#endif
