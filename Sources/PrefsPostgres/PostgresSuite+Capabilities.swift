#if PostgreSQL
import Foundation
import PostgresNIO
public import PrefsCore
import Synchronization

extension PostgresSuite: TransactionalSuite {
    /// Writes several keys in one statement, which also records them in the history and announces them.
    ///
    /// - Parameter changes: The value to store for each key, or `nil` to remove it.
    /// - Returns: The changes that took effect.
    /// - Throws: ``/PrefsCore/PersistentKeyValueStoreError`` when the store is unreachable or the write fails.
    @discardableResult
    public func commit(_ changes: [String: PropertyListValue?]) throws(PersistentKeyValueStoreError)
        -> [PersistentKeyValueChange]
    {
        try store.session.commit(suite: name, changes: changes)
    }

    public func sortedKeys() -> [String] {
        store.session.state.withLock { $0.suites[name].map { $0.keys.sorted() } ?? [] }
    }
}

extension PostgresSuite: PersistentKeyValueHistory {
    /// The suite's changes from the history table, oldest first.
    ///
    /// - Throws: ``PostgresStoreError`` when the history cannot be read.
    public func history(key: String? = nil, limit: Int? = nil) throws(PostgresStoreError) -> [PersistentKeyValueChange]
    {
        let session = store.session
        let query = session.statements.selectHistory(suite: name, key: key, limit: limit)
        let suite = name
        let newestFirst = try session.withConnection { connection in
            var changes: [PersistentKeyValueChange] = []
            let rows = try await connection.query(query, logger: session.logger)
            for try await (key, old, new, host, pid, process, time, write, reverts, redacted) in rows.decode(
                (String, String?, String?, String?, Int32?, String?, Date, String, String?, Bool).self)
            {
                // A secret key's row holds a marker in place of both values.
                changes.append(
                    PersistentKeyValueChange(
                        suite: suite, key: key, oldValue: redacted ? nil : old.flatMap(PostgresSession.decode),
                        newValue: redacted ? nil : new.flatMap(PostgresSession.decode), origin: .otherProcess,
                        writer: .init(
                            pid: pid, processName: process, host: host, time: time, write: write, reverts: reverts),
                        isRedacted: redacted))
            }
            return changes
        }
        return newestFirst.reversed()
    }
}

extension PostgresSuite: SuiteDiagnostics {
    public var locationDescription: String { "suite \(TextEscaping.quoted(name)) of \(store.location)" }

    /// Why the store cannot be reached, when the last attempt failed.
    public var suiteProblem: (any Error)? {
        store.session.state.withLock(\.problem).map { PostgresStoreError.unreachable("\(store.location)", reason: $0) }
    }

    /// Rows another client wrote that are not in the tagged form (`{"int": 3}`): left out of the values, and reported.
    public var undecodableEntries: [String: String] {
        store.session.state.withLock { $0.undecodable[name] ?? [:] }
    }
}
#endif
