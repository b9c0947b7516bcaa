public import PrefsCore
public import PrefsStoreKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FileSuite: TransactionalSuite {
    /// The value as the suite file keeps it: in an XML file, dates to the whole second; in a binary one, exactly.
    public func storedForm(of value: PropertyListValue) -> PropertyListValue {
        value.stored(in: format)
    }

    /// Writes several keys with one lock and one swap; see ``commit(_:recoveringCorruptFile:expecting:format:)``.
    ///
    /// - Parameter changes: The value to store for each key, or `nil` to remove it.
    /// - Returns: The changes that took effect.
    /// - Throws: ``/PrefsStoreKit/FileStoreError``; nothing is written then.
    @discardableResult
    public func commit(_ changes: [String: PropertyListValue?]) throws(FileStoreError) -> [PersistentKeyValueChange] {
        try commit(changes, recoveringCorruptFile: false)
    }

    /// Writes several keys with one lock and one swap if the keys in `expecting` hold, under that lock, what it
    /// says.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to remove it.
    ///   - expecting: What each of these keys must hold; `nil` means not stored.
    /// - Returns: The changes that took effect.
    /// - Throws: ``/PrefsStoreKit/FileStoreError/changedSince(suite:key:)``, or another ``/PrefsStoreKit/FileStoreError``; nothing is written then.
    @discardableResult
    public func commit(_ changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?])
        throws(FileStoreError) -> [PersistentKeyValueChange]
    {
        try commit(changes, recoveringCorruptFile: false, expecting: expecting)
    }
}

extension FileSuite: PersistentKeyValueHistory {
    /// The suite's changes from the store's journal, oldest first, ending at what the file holds.
    ///
    /// A change another program made while no watcher ran (a `UserDefaults` app that saves in place over a value
    /// `prefs` wrote) is recorded first, as an unknown writer's (`reconcileHistory()`). The journal is bounded: it
    /// keeps the newest records, and at least the newest of every key.
    public func history(key: String? = nil, limit: Int? = nil) -> [PersistentKeyValueChange] {
        reconcileHistory()
        return journalRecords(key: key, limit: limit).map(\.change)
    }

    /// Records in the journal, as an unknown writer's, each key the file no longer holds as its newest record says
    /// (``ChangeJournal/reconcile(of:named:holding:)``), under the suite's lock, the file read under it.
    ///
    /// Best effort, as a watcher's records are: a lock held longer than a reader waits, or a file that cannot be read
    /// now, leaves the history as it is, said in one line; the next reader tries again.
    func reconcileHistory() {
        do {
            try files.withLock(exclusive: true, timeout: store.readerLockTimeout) { () throws(FileStoreError) in
                let image = try files.readSettled(previous: nil, underLock: true)?.image ?? .empty
                try store.journal.reconcile(of: files.name, named: name) { image.value(forKey: $0) }
            }
        } catch {
            SuiteJournal.reportUnreconciled(error, suite: name)
        }
    }
}

extension FileSuite: SuiteDiagnostics {
    public var locationDescription: String { fileURL.path }

    public var suiteProblem: (any Error)? { problem }
}

extension FileSuite: RecoverableSuite {
    public var canRestorePreviousVersion: Bool { hasRestorablePreviousVersion }
}
