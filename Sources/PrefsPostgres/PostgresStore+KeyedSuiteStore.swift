#if PostgreSQL
import PostgresNIO
public import PrefsCore
import Synchronization

extension PostgresStore: KeyedSuiteStore {
    public var keyedAccess: (any KeyedSuiteStore)? { self }

    /// Reads some keys of a suite: from memory when the suite is held there, else with one query for those rows.
    ///
    /// - Throws: ``PostgresStoreError`` for an invalid name, or when the table cannot be read.
    public func primitiveValues(forKeys keys: [String], inSuite suite: String) throws(PostgresStoreError)
        -> [String: PropertyListValue]
    {
        try Self.validate(suite)
        if let held = session.state.withLock({ $0.suites[suite] }) {
            return held.filter { keys.contains($0.key) }
        }
        let query = session.statements.selectKeys(keys, of: suite)
        return try session.withConnection { [session, location] connection in
            var values: [String: PropertyListValue] = [:]
            let rows = try await connection.query(query, logger: session.logger)
            for try await (key, json) in rows.decode((String, String).self) {
                // Reported, never read as absent: a tool would take the key for unset.
                guard let value = PostgresSession.decode(json) else {
                    throw PostgresStoreError.undecodable("\(location)", suite: suite, key: key, value: json)
                }
                values[key] = value
            }
            return values
        }
    }

    /// Writes keys of a suite in one statement without reading the suite first; the statement reports what each key
    /// held before.
    ///
    /// - Throws: ``PostgresStoreError`` for an invalid name; ``/PrefsCore/PersistentKeyValueStoreError`` when the store
    ///   cannot be reached or the write fails.
    @discardableResult
    public func commit(_ changes: [String: PropertyListValue?], inSuite suite: String) throws
        -> [PersistentKeyValueChange]
    {
        try Self.validate(suite)
        return try session.commit(suite: suite, changes: changes, reading: false)
    }

    /// Whether a suite holds a key, by one probe of the primary key's index.
    ///
    /// - Throws: ``PostgresStoreError`` for an invalid name, or when the table cannot be read.
    public func holdsKeys(suite: String) throws(PostgresStoreError) -> Bool {
        try Self.validate(suite)
        if let held = session.state.withLock({ $0.suites[suite] }) { return !held.isEmpty }
        let query = session.statements.suiteExists(suite)
        return try session.withConnection { [session] connection in
            for try await exists in try await connection.query(query, logger: session.logger).decode(Bool.self) {
                return exists
            }
            return false
        }
    }
}
#endif
