#if PostgreSQL
import Foundation
import PostgresNIO
import PrefsCore
import Synchronization

extension PostgresSession {
    /// Writes changes to a suite in one transaction, records them in the history, announces them, and applies them
    /// to the suite in memory.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - changes: The value to store for each key, or `nil` to remove it.
    ///   - reading: Whether to read the suite into memory first when it is not there. Without it a suite not held
    ///     stays unread, and the statement itself tells what each key held before.
    /// - Returns: The changes that took effect.
    /// - Throws: ``PrefsCore/PersistentKeyValueStoreError`` with reason `io` when the store cannot be reached or the
    ///   server refuses; nothing is written then, and when the connection drops during the write, the message says
    ///   that it may not have been.
    func commit(suite: String, changes: [String: PropertyListValue?], reading: Bool = true)
        throws(PersistentKeyValueStoreError) -> [PersistentKeyValueChange]
    {
        if reading {
            do {
                try load(suite)
            } catch {
                throw PersistentKeyValueStoreError(.io, message: "not connected to \(error); nothing was written")
            }
        }
        let held = state.withLock { Self.held(suite, in: $0) }
        let effective = held.map { current in changes.filter { current[$0.key] != $0.value } } ?? changes
        guard !effective.isEmpty else { return [] }
        var writer = PersistentKeyValueChange.Writer(
            pid: ProcessInfo.processInfo.processIdentifier, processName: PersistentKeyValueChange.Writer.currentName,
            host: ProcessInfo.processInfo.hostName, time: Date(),
            reverts: PersistentKeyValueChange.Writer.revertedWrite)
        let sequence = state.withLock { state in
            defer { state.nextSequence += 1 }
            return state.nextSequence
        }
        let notice = ChangeNotice(
            suite: suite, changes: effective, instance: instance, sequence: sequence, writer: writer)
        let outcome = try run(effective, suite: suite, notice: notice, reverts: writer.reverts)
        writer.write = outcome.write
        let applied = state.withLock { state -> [PersistentKeyValueChange] in
            // If the listener has applied this write's notice already, it may have applied later ones too.
            if state.noticedFirst.remove(sequence) != nil { return [] }
            guard var values = Self.held(suite, in: state) else {
                return outcome.replaced.keys.sorted().map { key in
                    PersistentKeyValueChange(
                        suite: suite, key: key, oldValue: outcome.replaced[key] ?? nil,
                        newValue: effective[key] ?? nil, origin: .thisProcess, writer: writer)
                }
            }
            if outcome.announced && notice.values != nil && state.listener != nil {
                state.appliedFirst.insert(sequence)
            }
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

    /// A suite's values when they are in memory: read, or known empty because every suite is.
    private static func held(_ suite: String, in state: State) -> [String: PropertyListValue]? {
        state.suites[suite] ?? (state.allLoaded ? [:] : nil)
    }

    /// Runs the write statement, and trims the suite's history once in a while.
    ///
    /// - Returns: Whether the write was announced, what each key it changed held before (`nil`: not stored), and the
    ///   write's identifier in the history.
    private func run(
        _ effective: [String: PropertyListValue?], suite: String, notice: ChangeNotice, reverts: String?
    )
        throws(PersistentKeyValueStoreError) -> (
            announced: Bool, replaced: [String: PropertyListValue?], write: String?
        )
    {
        let keys = effective.keys.sorted()
        var kinds: [String] = []
        var values: [String] = []
        let encoder = JSONEncoder()
        for key in keys {
            guard let value = effective[key] ?? nil else {
                kinds.append("")
                values.append("")
                continue
            }
            do {
                values.append(String(decoding: try encoder.encode(value), as: UTF8.self))
            } catch {
                throw PersistentKeyValueStoreError(.encoding, message: "a value cannot be encoded as JSON: \(error)")
            }
            kinds.append(value.kind.description)
        }
        let query = statements.write(
            keys: keys, kinds: kinds, values: values, suite: suite, notice: notice, reverts: reverts)
        do {
            return try withConnection { [logger, statements] connection in
                var outcome: (announced: Bool, replaced: [String: PropertyListValue?], write: String?) = (
                    false, [:], nil
                )
                var newestID = 0
                let result = try await connection.query(query, logger: logger)
                for try await (announced, newest, keys, old, write) in result.decode(
                    (Int, Int, [String], [String], String).self)
                {
                    outcome.announced = announced > 0
                    outcome.write = write
                    newestID = newest
                    for (key, json) in zip(keys, old) {
                        outcome.replaced[key] = .some(json.isEmpty ? nil : Self.decode(json))
                    }
                }
                if PostgresStatements.shouldTrim(newestID: newestID, count: outcome.replaced.count) {
                    // Housekeeping after the write has committed: a failure leaves the history longer, not wrong.
                    _ = try? await connection.query(statements.trimHistory(suite: suite), logger: logger)
                }
                return outcome
            }
        } catch .unreachable(let location, let reason) {
            throw PersistentKeyValueStoreError(
                .io, message: "not connected to \(location) (\(reason)); nothing was written")
        } catch {
            throw PersistentKeyValueStoreError(
                .io, message: "the write to \(location) failed and may not have been made: \(error)")
        }
    }
}
#endif
