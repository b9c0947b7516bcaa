public import PrefsCore
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a key's value comes from, and its newest changes, as the state column and the details say them.
extension EditorModel {
    /// The newest changes of a key, newest first, from its suite's history as the editor keeps it.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - key: The key.
    /// - Returns: At most three changes.
    public func recentChanges(suite: String, key: String) -> [PersistentKeyValueChange] {
        data.recentChanges(suite: suite).recent(key)
    }

    /// Where a key's value comes from: a problem, a launch argument, a lock, a system layer, nothing stored, this session, a named writer, or a
    /// writer outside PrefsKit when the journal's newest record of the key is not the value stored.
    ///
    /// - Parameters:
    ///   - row: The key's row.
    ///   - suite: Its suite.
    /// - Returns: The provenance.
    public func provenance(of row: KeyRow, inSuite suite: String) -> KeyProvenance {
        if case .invalid(let reason) = row.status { return .problem(reason) }
        if let argument = (try? data.suite(suite))?.launchArguments[row.key],
            (try? row.entry?.parse(argument)) != nil
        {
            return .launchArgument(argument)
        }
        if let reason = data.readOnlyReason(suite: suite, key: row.key) { return .locked(reason) }
        if case .system(let file) = row.source { return .system(file) }
        guard let stored = row.stored else { return .atDefault }
        if let migration = row.migration { return .toMigrate(migration) }
        let written = sessionKeys.wasWritten(suite: suite, key: row.key)
        let history = data.recentChanges(suite: suite)
        guard let last = history.recent(row.key).first else {
            // A store that keeps no history: what the editor wrote is all it knows.
            if written { return .session }
            return history.isTruncated ? .stored : .outside
        }
        // A secret's record holds no value to compare: the store attributed the change by the record's keyed digest
        // and journaled any change it does not explain as an unknown writer's, so the newest record is the writer.
        guard last.newValue == stored || last.isRedacted, let pid = last.writer?.pid else { return .outside }
        // "This session" only while the newest change is the editor's own: another writer's later one names it.
        if written && sessionKeys.isOwn(last) { return .session }
        return .process(name: TextEscaping.escaped(last.writer?.processName ?? "pid \(pid)"), pid: pid)
    }
}
