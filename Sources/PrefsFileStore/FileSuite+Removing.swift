public import PrefsCore
import PrefsStoreKit

extension FileSuite: RemovableSuite {
    /// Removes every key and the suite's file with it, as `defaults delete DOMAIN` removes a domain.
    ///
    /// One write under the suite's lock: each key's removal is journaled as one write's records (so `prefs log` shows
    /// it and `prefs undo` puts every key back), then the file is renamed to the suite's previous version, so that the
    /// suite leaves every listing and `recover --from-previous` can restore the bytes. Entries the store could not
    /// decode go with the file. A suite whose file is already gone is left as it is.
    ///
    /// - Returns: The changes: every key's removal.
    /// - Throws: ``/PrefsStoreKit/FileStoreError`` as ``commit(_:recoveringCorruptFile:expecting:format:)`` throws it; nothing is
    ///   removed then.
    public func removeSuite() throws -> [PersistentKeyValueChange] {
        let keys = Set(primitiveValues().keys).union(diagnostics?.undecodableEntries.keys ?? [:].keys)
        let changes = Dictionary(uniqueKeysWithValues: keys.map { ($0, PropertyListValue?.none) })
        let removed = try write(changes, recoveringCorruptFile: false, removingFile: true)
        return removed
    }

    /// The end of a removal, under the lock: the records staged, the file renamed away, the commit line written.
    func remove(
        records: [JournalRecord], unseen: (events: [PersistentKeyValueChange], unknown: [JournalRecord]),
        writer: PersistentKeyValueChange.Writer, applied: [PersistentKeyValueChange]
    ) throws(FileStoreError) -> ([PersistentKeyValueChange], [PersistentKeyValueChange], String?) {
        // No bytes to recognise: this process's watcher waits for the lock, then finds the file gone.
        try journaled(records, unseen: unseen.unknown, writer: writer, expecting: []) {
            beforeSwap throws(FileStoreError) in
            _ = try files.remove(beforeRemoval: beforeSwap)
        }
        let gone = State()
        withState { $0 = gone }
        return (unseen.events, applied, nil)
    }

    /// Makes a write's change on disk with its journal records.
    ///
    /// The records are staged just before the change appears, so that a watcher woken by it finds who made it without
    /// waiting for the lock, and count as history once the commit line follows. A journal that cannot be written loses only the history: the write goes ahead, and says what
    /// was lost.
    ///
    /// - Parameters:
    ///   - records: The write's records.
    ///   - unseen: Records for changes no writer's record explained, found under the lock.
    ///   - writer: Who writes.
    ///   - expected: What this process's watcher will find, so that it takes the change as already applied.
    ///   - change: Swaps the new file in or removes the old one, calling its argument just before.
    /// - Throws: What `change` throws; nothing changed then.
    func journaled(
        _ records: [JournalRecord], unseen: [JournalRecord], writer: PersistentKeyValueChange.Writer,
        expecting expected: [UInt8], change: (_ beforeSwap: () -> Void) throws(FileStoreError) -> Void
    ) throws(FileStoreError) {
        var journaled = true
        do throws(FileStoreError) {
            try change {
                withState { $0.expected = expected }
                do throws(FileStoreError) {
                    try store.journal.append(unseen + records, to: files.name)
                } catch {
                    journaled = false
                    reportWriteFailure(Self.historyLost(error))
                }
            }
        } catch {
            withState { $0.expected = nil }
            throw error
        }
        guard let write = writer.write, journaled else { return }
        do throws(FileStoreError) {
            try store.journal.commit(write: write, count: records.count, to: files.name)
        } catch {
            reportWriteFailure(Self.historyLost(error))
        }
    }
}
