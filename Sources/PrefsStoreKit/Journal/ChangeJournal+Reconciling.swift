package import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ChangeJournal {
    /// Records, as an unknown writer's, every change the history does not explain: a key whose newest committed
    /// record left another value than the suite holds now.
    ///
    /// A program that takes no lock and no journal (a `UserDefaults` app saving in place, a hand edit, `kwriteconfig5`)
    /// may overwrite a value when no watcher runs to see it; without this the history would go on claiming the value
    /// it overwrote. Keys the journal never recorded are left alone: nothing was claimed of them. The caller holds
    /// the suite's exclusive lock, so no journaled write is under way; a write killed before its commit line is
    /// committed first when the suite holds what it staged (``commitPendingWrite(of:holding:)``).
    ///
    /// - Parameters:
    ///   - suite: The suite's journal.
    ///   - name: The suite's name, as changes carry it.
    ///   - value: What the suite holds for a key now.
    /// - Returns: How many changes were recorded.
    /// - Throws: ``FileStoreError/io(path:operation:reason:)`` when the journal cannot be written.
    @discardableResult
    package func reconcile(of suite: SuiteName, named name: String, holding value: (String) -> PropertyListValue?)
        throws(FileStoreError) -> Int
    {
        commitPendingWrite(of: suite, holding: value)
        var newest: [String: JournalRecord] = [:]
        for record in records(of: suite).reversed() where newest[record.key] == nil { newest[record.key] = record }
        guard !newest.isEmpty else { return 0 }
        let digestKey = newest.values.contains(where: \.isRedacted) ? JournalDigestKey.key(for: directory) : nil
        // What is found at once is taken for one write, as the watcher's attribution takes what it sees at once.
        let write = PersistentKeyValueChange.Writer.newWriteIdentifier()
        let unexplained = newest.keys.sorted().compactMap { key -> JournalRecord? in
            guard let record = newest[key] else { return nil }
            let now = value(key)
            guard !record.explains(now, key: digestKey) else { return nil }
            return JournalRecord(
                time: Date(), pid: nil, process: nil, write: write, suite: name, key: key, old: record.new, new: now)
        }
        try append(unexplained, to: suite)
        return unexplained.count
    }
}
