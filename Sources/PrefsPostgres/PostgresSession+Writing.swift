import Foundation
import PostgresNIO
import PrefsKit
import Synchronization

extension PostgresSession {
    /// Writes changes to a suite in one transaction, announces them, and applies them to the snapshot.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - changes: The value to store for each key, or `nil` to remove it.
    /// - Returns: The changes that took effect.
    /// - Throws: ``PrefsKit/PersistentKeyValueStoreError`` with reason `io` when the store is not connected or the
    ///   server refuses; nothing is written then, and when the connection drops during the write, the message says
    ///   that it may not have been.
    func commit(suite: String, changes: [String: PropertyListValue?]) throws(PersistentKeyValueStoreError)
        -> [PersistentKeyValueChange]
    {
        let (connection, problem, current) = state.withLock { ($0.connection, $0.problem, $0.suites[suite] ?? [:]) }
        let effective = changes.filter { current[$0.key] != $0.value }
        guard !effective.isEmpty else { return [] }
        guard let connection else {
            throw PersistentKeyValueStoreError(
                .io, message: "not connected to \(location) (\(problem ?? "connecting")); nothing was written")
        }
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
        do {
            let query = statements.write(rows: rowsJSON, removed: removed, suite: suite, notice: notice)
            try Self.wait { [logger] in _ = try await connection.query(query, logger: logger) }
        } catch {
            throw PersistentKeyValueStoreError(
                .io, message: "the write to \(location) failed and may not have been made: \(Self.reason(error))")
        }
        let applied = state.withLock { state -> [PersistentKeyValueChange] in
            // If the listener has applied this write's notice already, it may have applied later ones too.
            if state.noticedFirst.remove(sequence) != nil { return [] }
            if notice.values != nil { state.appliedFirst.insert(sequence) }
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

    /// Runs async work to its end from a synchronous caller, as the store protocol's writes are.
    static func wait(_ work: @escaping @Sendable () async throws -> Void) throws {
        let outcome = Mutex<(any Error)??>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached(executorPreference: DispatchTaskExecutor.shared) {
            do {
                try await work()
                outcome.withLock { $0 = .some(nil) }
            } catch {
                outcome.withLock { $0 = .some(error) }
            }
            done.signal()
        }
        done.wait()
        if let error = outcome.withLock({ $0 }) ?? nil { throw error }
    }
}
