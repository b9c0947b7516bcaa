public import PrefsCore

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
    public var transactions: (any TransactionalSuite)? { self }

    public var changeHistory: (any PersistentKeyValueHistory)? { self }

    public var diagnostics: (any SuiteDiagnostics)? { self }

    public var recovery: (any RecoverableSuite)? { self }

    public var removal: (any RemovableSuite)? { self }

    /// The value as the suite file keeps it: in an XML file, dates to the whole second; in a binary one, exactly.
    public func storedForm(of value: PropertyListValue) -> PropertyListValue {
        value.stored(in: format)
    }

    /// Writes several keys with one lock and one swap; see ``commit(_:recoveringCorruptFile:expecting:format:)``.
    ///
    /// - Parameter changes: The value to store for each key, or `nil` to remove it.
    /// - Returns: The changes that took effect.
    /// - Throws: ``FileStoreError``; nothing is written then.
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
    /// - Throws: ``FileStoreError/changedSince(suite:key:)``, or another ``FileStoreError``; nothing is written then.
    @discardableResult
    public func commit(_ changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?])
        throws(FileStoreError) -> [PersistentKeyValueChange]
    {
        try commit(changes, recoveringCorruptFile: false, expecting: expecting)
    }
}

extension FileSuite: PersistentKeyValueHistory {
    /// The suite's changes from the store's journal, oldest first.
    ///
    /// The journal is bounded: it keeps the newest records, and at least the newest of every key.
    public func history(key: String? = nil, limit: Int? = nil) -> [PersistentKeyValueChange] {
        journalRecords(key: key, limit: limit).map(\.change)
    }
}

extension FileSuite: SuiteDiagnostics {
    public var locationDescription: String { fileURL.path }

    public var suiteProblem: (any Error)? { problem }
}

extension FileSuite: RecoverableSuite {
    public var canRestorePreviousVersion: Bool { hasRestorablePreviousVersion }
}
