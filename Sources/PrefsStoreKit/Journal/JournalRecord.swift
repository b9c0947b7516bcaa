package import PrefsCore

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// One change to one key, as the journal records it: when, by which process, and from what to what.
package struct JournalRecord: Codable, Sendable, Hashable {
    /// When the change was made, or first seen for a change by an unknown process.
    package let time: Date
    /// The writing process's id, or `nil` when the writer is unknown.
    package let pid: Int32?
    /// The writing process's name, or `nil` when the writer is unknown.
    package let process: String?
    /// Identifies the write the record belongs to, shared by every record of one commit; `nil` in records written
    /// before writes had identifiers.
    package let write: String?
    /// The write this record's write reverts (an undo or a redo), or `nil` for an ordinary write.
    package let reverts: String?
    /// The suite.
    package let suite: String
    /// The key.
    package let key: String
    /// The value before, or `nil` when the key was absent.
    package let old: PropertyListValue?
    /// The value after, or `nil` when the key was removed.
    package let new: PropertyListValue?
    /// A digest of the value before, kept instead of it when the values were too large for the journal.
    package let oldDigest: String?
    /// A digest of the value after, kept instead of it when the values were too large for the journal.
    package let newDigest: String?
    /// Whether the record was written before its write's swap, so that it counts only once a commit line for its
    /// write follows it; `nil` in records of observed changes and in journals written before commit lines.
    package var staged: Bool?
    /// How many records the write's commit line says it has, set when the journal is read.
    package var writeSize: Int?

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - time: When the change was made.
    ///   - pid: The writing process's id.
    ///   - process: The writing process's name.
    ///   - write: Identifies the write.
    ///   - suite: The suite.
    ///   - key: The key.
    ///   - old: The value before.
    ///   - new: The value after.
    ///   - reverts: The write this one reverts.
    package init(
        time: Date, pid: Int32?, process: String?, write: String?, suite: String, key: String,
        old: PropertyListValue?, new: PropertyListValue?, reverts: String? = nil
    ) {
        self.init(
            time: time, pid: pid, process: process, write: write, reverts: reverts, suite: suite, key: key, old: old,
            new: new, oldDigest: nil, newDigest: nil)
    }

    /// A record of a change made by a writer.
    ///
    /// - Parameters:
    ///   - writer: Who made the change, and which write it was.
    ///   - suite: The suite.
    ///   - key: The key.
    ///   - old: The value before.
    ///   - new: The value after.
    package init(
        writer: PersistentKeyValueChange.Writer, suite: String, key: String, old: PropertyListValue?,
        new: PropertyListValue?
    ) {
        self.init(
            time: writer.time ?? Date(), pid: writer.pid, process: writer.processName, write: writer.write,
            suite: suite, key: key, old: old, new: new, reverts: writer.reverts)
    }

    /// A record with every field, as a journal line holds it.
    package init(
        time: Date, pid: Int32?, process: String?, write: String?, reverts: String?, suite: String, key: String,
        old: PropertyListValue?, new: PropertyListValue?, oldDigest: String?, newDigest: String?
    ) {
        self.time = time
        self.pid = pid
        self.process = process
        self.write = write
        self.reverts = reverts
        self.suite = suite
        self.key = key
        self.old = old
        self.new = new
        self.oldDigest = oldDigest
        self.newDigest = newDigest
    }

    /// The record with its values replaced by digests, for values too large for the journal: the write can still be
    /// told apart from others.
    package var abridged: JournalRecord {
        var record = JournalRecord(
            time: time, pid: pid, process: process, write: write, reverts: reverts, suite: suite, key: key, old: nil,
            new: nil, oldDigest: JournalLineWriter.digest(old), newDigest: JournalLineWriter.digest(new))
        record.staged = staged
        return record
    }

    /// What stands for the values of a secret key's change: no full digest, which a short secret could be found from,
    /// but at most 8 bits of a keyed one (``JournalDigestKey``); a record written before there were keys holds the
    /// marker alone.
    package static let secretMarker = "secret"

    /// The record without its values, for a key the schema marks secret: the journal keeps the fact of the change,
    /// its writer and its time, and a keyed digest of 8 bits of each value, which tells the change it made from
    /// another without telling the value.
    ///
    /// - Parameter key: The journal's digest key, or `nil` when there is none: then the marker alone.
    /// - Returns: The record to append.
    package func redacted(keyedBy key: [UInt8]?) -> JournalRecord {
        var record = JournalRecord(
            time: time, pid: pid, process: process, write: write, reverts: reverts, suite: suite, key: self.key,
            old: nil, new: nil, oldDigest: key.map { JournalDigestKey.digest(old, key: $0) } ?? Self.secretMarker,
            newDigest: key.map { JournalDigestKey.digest(new, key: $0) } ?? Self.secretMarker)
        record.staged = staged
        return record
    }

    /// Whether the record is of a secret key's change, whose values it does not hold.
    package var isRedacted: Bool { newDigest?.hasPrefix(Self.secretMarker) == true }

    /// Whether the values were too large to keep: ``old`` and ``new`` are then `nil`, and the record says only who
    /// changed the key and when.
    package var isAbridged: Bool { oldDigest != nil || newDigest != nil }

    /// Whether the writer is unknown: a plain UserDefaults program, a hand edit, or a process that died first.
    package var isUnknownWriter: Bool { pid == nil }

    /// The writer as a change event carries it.
    package var writer: PersistentKeyValueChange.Writer {
        var writer = PersistentKeyValueChange.Writer(
            pid: pid, processName: process, time: time, write: write, reverts: reverts)
        writer.changeCount = writeSize
        return writer
    }

    /// The record as written before its write's swap: it counts once the write's commit line follows.
    package var asStaged: JournalRecord {
        var record = self
        record.staged = true
        return record
    }

    /// The record as a change of a suite's history.
    package var change: PersistentKeyValueChange {
        PersistentKeyValueChange(
            suite: suite, key: key, oldValue: old, newValue: new, origin: .otherProcess, writer: writer,
            isAbridged: isAbridged, isRedacted: isRedacted)
    }

    /// Whether this record's write left the given value.
    ///
    /// - Parameters:
    ///   - value: The value seen.
    ///   - key: The journal's digest key, which a secret's record is compared by.
    /// - Returns: Whether the value is the one this record's write left, as far as the record can tell.
    package func explains(_ value: PropertyListValue?, key: [UInt8]?) -> Bool {
        matches(value, digest: newDigest, value: new, key: key)
    }

    /// Whether this record's write replaced the given value.
    package func replaced(_ value: PropertyListValue?, key: [UInt8]?) -> Bool {
        matches(value, digest: oldDigest, value: old, key: key)
    }

    /// Whether this record describes the given change of a key.
    package func describes(key: String, old: PropertyListValue?, new: PropertyListValue?, digestKey: [UInt8]?) -> Bool {
        self.key == key && replaced(old, key: digestKey) && explains(new, key: digestKey)
    }

    private func matches(_ seen: PropertyListValue?, digest: String?, value: PropertyListValue?, key: [UInt8]?)
        -> Bool
    {
        guard let digest else { return value == seen }
        guard isRedacted else { return digest == JournalLineWriter.digest(seen) }
        // The marker alone (a record from before keys) matches every value: there is nothing to compare.
        guard digest != Self.secretMarker, let key else { return true }
        return digest == JournalDigestKey.digest(seen, key: key)
    }
}
