import Foundation
import PostgresNIO
import PrefsKit
import Synchronization

extension PostgresSession {
    /// Writes changes to a suite in one transaction, records them in the history, announces them, and applies them
    /// to the suite in memory.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - changes: The value to store for each key, or `nil` to remove it.
    /// - Returns: The changes that took effect.
    /// - Throws: ``PrefsKit/PersistentKeyValueStoreError`` with reason `io` when the store cannot be reached or the
    ///   server refuses; nothing is written then, and when the connection drops during the write, the message says
    ///   that it may not have been.
    func commit(suite: String, changes: [String: PropertyListValue?]) throws(PersistentKeyValueStoreError)
        -> [PersistentKeyValueChange]
    {
        do {
            try load(suite)
        } catch {
            throw PersistentKeyValueStoreError(.io, message: "not connected to \(error); nothing was written")
        }
        let current = state.withLock { $0.suites[suite] ?? [:] }
        let effective = changes.filter { current[$0.key] != $0.value }
        guard !effective.isEmpty else { return [] }
        let rows = effective.compactMap { key, value in
            value.map { Row(key: key, kind: $0.kind.description, value: $0) }
        }
        let rowsJSON: String
        do {
            rowsJSON = String(decoding: try JSONEncoder().encode(rows), as: UTF8.self)
        } catch {
            throw PersistentKeyValueStoreError(.encoding, message: "a value cannot be encoded as JSON: \(error)")
        }
        let writer = PersistentKeyValueChange.Writer(
            pid: ProcessInfo.processInfo.processIdentifier, processName: ProcessInfo.processInfo.processName,
            host: ProcessInfo.processInfo.hostName, time: Date())
        let sequence = state.withLock { state in
            defer { state.nextSequence += 1 }
            return state.nextSequence
        }
        let notice = ChangeNotice(
            suite: suite, changes: effective, instance: instance, sequence: sequence, writer: writer)
        let removed = effective.filter { $0.value == nil }.map(\.key)
        let query = statements.write(
            rows: rowsJSON, removed: removed, keys: effective.keys.sorted(), suite: suite, notice: notice)
        do {
            try withConnection { [logger] connection in _ = try await connection.query(query, logger: logger) }
        } catch .unreachable(let location, let reason) {
            throw PersistentKeyValueStoreError(
                .io, message: "not connected to \(location) (\(reason)); nothing was written")
        } catch {
            throw PersistentKeyValueStoreError(
                .io, message: "the write to \(location) failed and may not have been made: \(error)")
        }
        let applied = state.withLock { state -> [PersistentKeyValueChange] in
            // If the listener has applied this write's notice already, it may have applied later ones too.
            if state.noticedFirst.remove(sequence) != nil { return [] }
            if notice.values != nil && state.listener != nil { state.appliedFirst.insert(sequence) }
            var values = state.suites[suite] ?? [:]
            defer { state.suites[suite] = values }
            return effective.keys.sorted().map { key in
                let change = PersistentKeyValueChange(
                    suite: suite, key: key, oldValue: values[key], newValue: effective[key] ?? nil,
                    origin: .thisProcess, writer: writer)
                values[key] = effective[key] ?? nil
                return change
            }
        }
        post(applied)
        return applied
    }

    /// A stored key as the write statement reads it: `jsonb_to_recordset` takes an array of these.
    private struct Row: Encodable {
        let key: String
        let kind: String
        let value: PropertyListValue
    }
}
