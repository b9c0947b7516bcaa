package import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ChangeJournal {
    /// Finds the writer of each change in the end of the journal.
    ///
    /// The newest record of a key is the write that produced the value now seen, if PrefsKit made it. When that record
    /// left another value, or there is none, the change was made by an unknown process (a plain UserDefaults program,
    /// a hand edit, `gsettings set`) and is returned as a record to add to the journal — or, read without the lock, by
    /// a writer that has not appended its record yet, which is why the lock-free reload hands unexplained changes to
    /// the locked one. When an unknown process puts back the value a PrefsKit write replaced, the change says which
    /// write it reverted. Records are read newest first, and only until every changed key has been seen.
    ///
    /// - Parameters:
    ///   - differences: Each changed key, with what it held before and holds now.
    ///   - suite: The suite's journal.
    ///   - name: The suite's name, as changes carry it.
    ///   - heard: Names the writer of a key's change no record explains, where the store can tell; `nil` where
    ///     nothing can.
    /// - Returns: The changes, attributed, and the records of those no journal entry explains, each naming the writer
    ///   `heard` told.
    package func attribute(
        _ differences: [(key: String, old: PropertyListValue?, new: PropertyListValue?)], of suite: SuiteName,
        named name: String, heard: ((String) -> PersistentKeyValueChange.Writer?)? = nil
    ) -> (events: [PersistentKeyValueChange], unknown: [JournalRecord]) {
        guard !differences.isEmpty else { return ([], []) }
        let newest = newestRecords(of: suite, forKeys: Set(differences.map(\.key)))
        let ownPID = ProcessInfo.processInfo.processIdentifier
        var events: [PersistentKeyValueChange] = []
        var unknown: [JournalRecord] = []
        let digestKey = newest.values.contains(where: \.isRedacted) ? JournalDigestKey.key(for: directory) : nil
        // The changes seen at once are taken for one write, as the writer's own commit would have been.
        let unknownWrite = PersistentKeyValueChange.Writer.newWriteIdentifier()
        for difference in differences {
            let latest = newest[difference.key]
            let record = latest.flatMap { $0.explains(difference.new, key: digestKey) ? $0 : nil }
            let writer = record.flatMap { $0.isUnknownWriter ? nil : $0 }
            // Asked only of a change no record explains: a process that journals nothing, named by what heard it.
            // The changes seen at once share a write, as for an unknown writer.
            let named = (record == nil ? heard?(difference.key) : nil).map { writer in
                var writer = writer
                writer.write = writer.write ?? unknownWrite
                return writer
            }
            // An unknown writer that puts back what a known write replaced has undone that write.
            let reverted = latest.flatMap { latest -> PersistentKeyValueChange.Writer? in
                guard record == nil, !latest.isUnknownWriter, latest.explains(difference.old, key: digestKey),
                    latest.replaced(difference.new, key: digestKey)
                else { return nil }
                return latest.writer
            }
            events.append(
                PersistentKeyValueChange(
                    suite: name, key: difference.key, oldValue: difference.old, newValue: difference.new,
                    origin: writer?.pid == ownPID ? .thisProcess : .otherProcess, writer: writer?.writer ?? named,
                    reverted: reverted))
            if record == nil {
                unknown.append(
                    JournalRecord(
                        time: named?.time ?? Date(), pid: named?.pid, process: named?.processName,
                        write: named?.write ?? unknownWrite, suite: name, key: difference.key,
                        old: difference.old, new: difference.new))
            }
        }
        return (events, unknown)
    }

    /// Adds records for changes no journal entry explains, unless another watcher already has; the caller holds the
    /// suite's exclusive lock.
    ///
    /// - Parameters:
    ///   - records: The records ``attribute(_:of:named:)`` returned as unknown.
    ///   - suite: The suite's journal.
    /// - Throws: ``FileStoreError/io(path:operation:reason:)`` when the journal cannot be written.
    package func recordUnknownWriters(_ records: [JournalRecord], of suite: SuiteName) throws(FileStoreError) {
        let recent = recentRecords(of: suite)
        let digestKey = recent.contains(where: \.isRedacted) ? JournalDigestKey.key(for: directory) : nil
        let missing = records.filter { record in
            !recent.contains { $0.describes(key: record.key, old: record.old, new: record.new, digestKey: digestKey) }
        }
        try append(missing, to: suite)
    }
}
