public import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `prefs log` does: changes from the history, who made them and when; a suite's oldest first, every suite's
/// merged newest first.
public enum SuiteLog {
    /// Prints the changes a query asks for, one line each (or one JSON object each); secret values are masked unless
    /// ``Secrets/reveal`` is set.
    ///
    /// - Parameters:
    ///   - query: Which changes: of a suite or every suite, a key, a span of time, a writer, the newest few.
    ///   - utc: Whether text lines give times in UTC rather than local time.
    ///   - json: Whether to print JSON lines.
    ///   - context: The store.
    /// - Throws: ``ToolError`` for a suite that does not exist or a store that keeps no history; the store's error
    ///   when a history cannot be read.
    public static func print(_ query: LogQuery, utc: Bool, json: Bool, in context: ToolContext) throws {
        let changes = try self.changes(query, in: context)
        // Each suite's schema read once; one that cannot be read fails the log, which could not tell its secrets.
        var schemas: [String: PreferenceSchema?] = [:]
        var lines: [String] = []
        for change in changes {
            let suite = change.suite ?? query.suite ?? ""
            if schemas[suite] == nil { schemas[suite] = .some(try context.schema(for: suite)) }
            let entry = schemas[suite]??.entry(forStoredKey: change.key)
            lines.append(
                json
                    ? ChangeText.jsonLine(change, entry: entry)
                    : ChangeText.logLine(change, entry: entry, utc: utc, showingSuite: query.suite == nil))
        }
        Output.lines(lines)
    }

    /// The changes a query asks for, in the order the log prints them.
    ///
    /// - Throws: ``ToolError`` for a suite that does not exist or a store that keeps no history.
    public static func changes(_ query: LogQuery, in context: ToolContext) throws -> [PersistentKeyValueChange] {
        if let suite = query.suite {
            let target = try context.existingSuite(suite, orItsHistory: true)
            guard let history = target.changeHistory else {
                throw ToolError(
                    "suite \(TextEscaping.quoted(suite)) is in a store that keeps no history", code: .refused)
            }
            // Unfiltered, the history itself takes the newest few; filtered, the few come from what is left.
            let filtered = query.since != nil || query.until != nil || query.writer != nil
            let all = try history.history(key: query.key, limit: filtered ? nil : query.limit)
            let kept = all.filter(query.admits)
            return query.limit.map { Array(kept.suffix($0)) } ?? kept
        }
        var merged: [PersistentKeyValueChange] = []
        for name in try context.suiteNames() {
            // A suite in a store without a history has nothing to add to every suite's log.
            guard let history = try context.existingSuite(name).changeHistory else { continue }
            merged += try history.history(key: query.key, limit: nil).filter(query.admits).map { change in
                change.suite == nil ? naming(name, in: change) : change
            }
        }
        // Newest first; changes made at the same moment keep their suite's order.
        let newest = merged.enumerated().sorted { one, other in
            let (a, b) = (one.element.writer?.time ?? .distantPast, other.element.writer?.time ?? .distantPast)
            return a != b ? a > b : one.offset > other.offset
        }.map(\.element)
        return query.limit.map { Array(newest.prefix($0)) } ?? newest
    }

    /// A change of a history that does not say its suite, said to be in `suite`.
    private static func naming(_ suite: String, in change: PersistentKeyValueChange) -> PersistentKeyValueChange {
        PersistentKeyValueChange(
            suite: suite, key: change.key, oldValue: change.oldValue, newValue: change.newValue,
            origin: change.origin, writer: change.writer, reverted: change.reverted, isAbridged: change.isAbridged,
            isRedacted: change.isRedacted, systemLayer: change.systemLayer)
    }
}
