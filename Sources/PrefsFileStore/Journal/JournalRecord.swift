public import Foundation
public import PrefsKit

/// One change to one key, as the journal records it: when, by which process, and from what to what.
public struct JournalRecord: Codable, Sendable, Hashable {
    /// When the change was made, or first seen for a change by an unknown process.
    public let time: Date
    /// The writing process's id, or `nil` when the writer is unknown.
    public let pid: Int32?
    /// The writing process's name, or `nil` when the writer is unknown.
    public let process: String?
    /// The suite.
    public let suite: String
    /// The key.
    public let key: String
    /// The value before, or `nil` when the key was absent.
    public let old: PropertyListValue?
    /// The value after, or `nil` when the key was removed.
    public let new: PropertyListValue?

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - time: When the change was made.
    ///   - pid: The writing process's id.
    ///   - process: The writing process's name.
    ///   - suite: The suite.
    ///   - key: The key.
    ///   - old: The value before.
    ///   - new: The value after.
    public init(
        time: Date, pid: Int32?, process: String?, suite: String, key: String, old: PropertyListValue?,
        new: PropertyListValue?
    ) {
        self.time = time
        self.pid = pid
        self.process = process
        self.suite = suite
        self.key = key
        self.old = old
        self.new = new
    }

    /// Whether the writer is unknown: a plain UserDefaults program, a hand edit, or a process that died first.
    public var isUnknownWriter: Bool { pid == nil }

    /// The writer as a change event carries it.
    public var writer: PersistentKeyValueChange.Writer {
        PersistentKeyValueChange.Writer(pid: pid, processName: process, time: time)
    }

    /// Whether this record's write left the given value.
    func explains(_ value: PropertyListValue?) -> Bool {
        new == value
    }

    /// Whether this record describes the given change of a key.
    func describes(key: String, old: PropertyListValue?, new: PropertyListValue?) -> Bool {
        self.key == key && self.old == old && self.new == new
    }
}
