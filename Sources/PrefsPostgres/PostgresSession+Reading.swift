#if PostgreSQL
import Foundation
import PostgresNIO
import PrefsCore
import Synchronization

extension PostgresSession {
    /// Reads a suite into memory unless it is there, applying the notices that came meanwhile.
    ///
    /// - Throws: ``PostgresStoreError`` when the suite cannot be read; nothing is held then.
    func load(_ suite: String) throws(PostgresStoreError) {
        let needed = state.withLock { state in
            guard !state.allLoaded, state.suites[suite] == nil, state.loading[suite] == nil else { return false }
            state.loading[suite] = []
            return true
        }
        guard needed else { return }
        let rows: [String: PropertyListValue]
        let undecodable: [String: String]
        do {
            (rows, undecodable) = try withConnection { [statements, logger] connection in
                var rows: [String: PropertyListValue] = [:]
                var undecodable: [String: String] = [:]
                let query = statements.selectSuite(suite)
                for try await (key, json) in try await connection.query(query, logger: logger).decode(
                    (String, String).self)
                {
                    if let value = Self.decode(json) { rows[key] = value } else { undecodable[key] = json }
                }
                return (rows, undecodable)
            }
        } catch {
            state.withLock { _ = $0.loading.removeValue(forKey: suite) }
            throw error
        }
        let queued = state.withLock { state in
            if state.suites[suite] == nil {
                state.suites[suite] = rows
                state.undecodable[suite] = undecodable
            }
            return state.loading.removeValue(forKey: suite) ?? []
        }
        for payload in queued {
            try? withConnection { connection in try await self.apply(payload, on: connection) }
        }
    }

    /// Reads every suite into memory, for observers of them all.
    ///
    /// - Throws: ``PostgresStoreError`` when the table cannot be read.
    func loadAll() throws(PostgresStoreError) {
        guard !state.withLock(\.allLoaded) else { return }
        try withConnection { connection in try await self.resync(on: connection, all: true, counting: false) }
    }

    /// Reads again the suites held in memory (every suite when `all`) and reports what differs as changes: after a
    /// reconnection the differences are what was missed.
    func resync(on connection: PostgresConnection, all: Bool = false, counting: Bool = true) async throws {
        let (everything, held) = state.withLock { ($0.allLoaded || all, Array($0.suites.keys)) }
        let query = everything ? statements.selectAll : statements.selectSuites(held)
        let rows = try await connection.query(query, logger: logger)
        var suites: [String: [String: PropertyListValue]] =
            everything
            ? [:]
            : Dictionary(
                uniqueKeysWithValues: held.map { ($0, [:]) })
        var writers: [String: PersistentKeyValueChange.Writer] = [:]
        var undecodable: [String: [String: String]] = [:]
        for try await (suite, key, json, host, pid, process, time) in rows.decode(
            (String, String, String, String?, Int32?, String?, Date).self)
        {
            guard let value = Self.decode(json) else {
                undecodable[suite, default: [:]][key] = json
                continue
            }
            suites[suite, default: [:]][key] = value
            writers[suite + "\u{0}" + key] = .init(pid: pid, processName: process, host: host, time: time)
        }
        let changes = state.withLock { state in
            let before = state.suites
            let wasAll = state.allLoaded
            for (suite, values) in suites {
                state.suites[suite] = values
                state.undecodable[suite] = undecodable[suite]
            }
            for (suite, rows) in undecodable where suites[suite] == nil { state.undecodable[suite] = rows }
            if everything {
                for suite in before.keys where suites[suite] == nil { state.suites[suite] = [:] }
                state.allLoaded = true
            }
            if counting { state.resyncs += 1 }
            return Self.differences(from: before, to: state.suites).filter { wasAll || before[$0.suite] != nil }.map {
                change in
                PersistentKeyValueChange(
                    suite: change.suite, key: change.key, oldValue: change.old, newValue: change.new,
                    origin: .otherProcess, writer: writers[change.suite + "\u{0}" + change.key])
            }
        }
        post(changes)
    }

    /// Applies a notice to a suite held in memory: the values it carries, or the keys it names read again.
    ///
    /// Notices of suites not held are ignored, and those of a suite being read are kept until it is.
    func apply(_ payload: String, on connection: PostgresConnection) async throws {
        guard let notice = ChangeNotice(json: payload) else { return }
        let held = state.withLock { state in
            if state.suites[notice.suite] != nil || state.allLoaded { return true }
            if state.loading[notice.suite] != nil { state.loading[notice.suite]?.append(payload) }
            return false
        }
        guard held else { return }
        if let values = notice.values { return apply(values, of: notice) }
        let query =
            notice.all
            ? statements.selectSuite(notice.suite) : statements.selectKeys(notice.keys, of: notice.suite)
        var read: [String: PropertyListValue] = [:]
        var undecodable: [String: String] = [:]
        for try await (key, json) in try await connection.query(query, logger: logger).decode((String, String).self) {
            if let value = Self.decode(json) { read[key] = value } else { undecodable[key] = json }
        }
        // This store's own writes are already in memory; reading them again only catches a later write by another
        // client that the notice's order would otherwise hide.
        let own = notice.instance == instance
        let changes = state.withLock { state in
            var values = state.suites[notice.suite] ?? [:]
            let keys = notice.all ? Array(Set(values.keys).union(read.keys)) : notice.keys
            var rows = notice.all ? [:] : state.undecodable[notice.suite] ?? [:]
            for key in keys { rows[key] = undecodable[key] }
            state.undecodable[notice.suite] = rows
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
        PropertyListValue(taggedJSON: json)
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
#endif
