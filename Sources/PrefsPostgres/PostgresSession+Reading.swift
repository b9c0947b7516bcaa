import Foundation
import PostgresNIO
import PrefsKit

extension PostgresSession {
    /// Reads the whole table into the snapshot and reports what differs from it as changes: at the first connection
    /// nobody observes yet, and after a reconnection the differences are what was missed.
    func resync(on connection: PostgresConnection) async throws {
        let rows = try await connection.query(statements.selectAll, logger: logger)
        var suites: [String: [String: PropertyListValue]] = [:]
        var writers: [String: PersistentKeyValueChange.Writer] = [:]
        for try await (suite, key, json, host, pid, process, time) in rows.decode(
            (String, String, String, String?, Int32?, String?, Date).self)
        {
            guard let value = Self.decode(json) else { continue }
            suites[suite, default: [:]][key] = value
            writers[suite + "\u{0}" + key] = .init(pid: pid, processName: process, host: host, time: time)
        }
        let changes = state.withLock { state in
            defer {
                state.suites = suites
                state.resyncs += 1
            }
            return Self.differences(from: state.suites, to: suites).map { change in
                PersistentKeyValueChange(
                    suite: change.suite, key: change.key, oldValue: change.old, newValue: change.new,
                    origin: .otherProcess, writer: writers[change.suite + "\u{0}" + change.key])
            }
        }
        post(changes)
    }

    /// Applies a notice: the keys it names are read again, and those that changed are reported.
    func apply(_ payload: String, on connection: PostgresConnection) async throws {
        guard let notice = ChangeNotice(json: payload) else { return }
        if let values = notice.values { return apply(values, of: notice) }
        let query =
            notice.all
            ? statements.selectSuite(notice.suite) : statements.selectKeys(notice.keys, of: notice.suite)
        var read: [String: PropertyListValue] = [:]
        for try await (key, json) in try await connection.query(query, logger: logger).decode((String, String).self) {
            if let value = Self.decode(json) { read[key] = value }
        }
        // This store's own writes are already in the snapshot; reading them again only catches a later write by
        // another client that the notice's order would otherwise hide.
        let own = notice.instance == instance
        let changes = state.withLock { state in
            var values = state.suites[notice.suite] ?? [:]
            let keys = notice.all ? Array(Set(values.keys).union(read.keys)) : notice.keys
            var changes: [PersistentKeyValueChange] = []
            for key in keys.sorted() where values[key] != read[key] {
                changes.append(
                    PersistentKeyValueChange(
                        suite: notice.suite, key: key, oldValue: values[key], newValue: read[key],
                        origin: .otherProcess, writer: own ? nil : notice.writer))
                values[key] = read[key]
            }
            state.suites[notice.suite] = values
            return changes
        }
        post(changes)
    }

    /// Applies the values a notice carries, in commit order: no read of the table, and every write its own event.
    private func apply(_ written: [String: PropertyListValue?], of notice: ChangeNotice) {
        let own = notice.instance == instance
        let changes = state.withLock { state -> [PersistentKeyValueChange] in
            if own, state.appliedFirst.remove(notice.sequence) != nil {
                // The write applied itself when it returned; its values may since have been replaced by a later
                // write whose notice is still to come, so they are not applied again.
                return []
            }
            if own { state.noticedFirst.insert(notice.sequence) }
            var values = state.suites[notice.suite] ?? [:]
            var changes: [PersistentKeyValueChange] = []
            for key in written.keys.sorted() where values[key] != written[key] ?? nil {
                changes.append(
                    PersistentKeyValueChange(
                        suite: notice.suite, key: key, oldValue: values[key], newValue: written[key] ?? nil,
                        origin: own ? .thisProcess : .otherProcess, writer: notice.writer))
                values[key] = written[key] ?? nil
            }
            state.suites[notice.suite] = values
            return changes
        }
        post(changes)
    }

    /// Delivers changes to the observers of their suite and of the whole store.
    func post(_ changes: [PersistentKeyValueChange]) {
        guard !changes.isEmpty else { return }
        let notifiers = state.withLock(\.notifiers)
        for (suite, batch) in Dictionary(grouping: changes, by: { $0.suite ?? "" }) {
            notifiers[suite]?.post(batch)
        }
        changeNotifier.post(changes)
    }

    static func decode(_ json: String) -> PropertyListValue? {
        try? JSONDecoder().decode(PropertyListValue.self, from: Data(json.utf8))
    }

    private static func differences(
        from old: [String: [String: PropertyListValue]], to new: [String: [String: PropertyListValue]]
    ) -> [(suite: String, key: String, old: PropertyListValue?, new: PropertyListValue?)] {
        var found: [(suite: String, key: String, old: PropertyListValue?, new: PropertyListValue?)] = []
        for suite in Set(old.keys).union(new.keys).sorted() {
            let before = old[suite] ?? [:]
            let after = new[suite] ?? [:]
            for key in Set(before.keys).union(after.keys).sorted() where before[key] != after[key] {
                found.append((suite, key, before[key], after[key]))
            }
        }
        return found
    }
}
