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

    /// How a removal is made, under the lock: the records staged, then the file renamed to its previous version.
    func removal(_ applied: [PersistentKeyValueChange], found: [JournalRecord]) -> SuiteJournal.Plan {
        SuiteJournal.Plan(changes: applied, found: found, madeWithoutChanges: true) { [self] stage in
            // No bytes to recognise: this process's watcher waits for the lock, then finds the file gone.
            try making(expecting: []) { beforeSwap throws(FileStoreError) in
                _ = try files.remove {
                    beforeSwap()
                    stage()
                }
            }
            let gone = State()
            withState { $0 = gone }
        }
    }

    /// Makes a write's change on disk, this process's watcher told first what it will find.
    ///
    /// - Parameters:
    ///   - expected: What this process's watcher will find, so that it takes the change as already applied.
    ///   - change: Swaps the new file in or removes the old one, calling its argument just before.
    /// - Throws: What `change` throws; nothing changed then, and the watcher expects nothing.
    func making(
        expecting expected: [UInt8], _ change: (_ beforeSwap: () -> Void) throws(FileStoreError) -> Void
    ) throws(FileStoreError) {
        do throws(FileStoreError) {
            try change { withState { $0.expected = expected } }
        } catch {
            withState { $0.expected = nil }
            throw error
        }
    }
}
