#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A change to one key of a store, in stored form, with who made it when the store can tell.
public struct PersistentKeyValueChange: Sendable, Hashable {
    /// Whether this process made the change.
    public enum Origin: String, Sendable, Hashable, Codable {
        /// A write made by this process.
        case thisProcess
        /// A write made by another process, or a hand edit.
        case otherProcess
    }

    /// The process that made a change, as far as it is known.
    public struct Writer: Sendable, Hashable, Codable {
        /// The writer's process id.
        public var pid: Int32?
        /// The writer's process name.
        public var processName: String?
        /// The writer's host, for stores shared across machines.
        public var host: String?
        /// When the write was made.
        public var time: Date?
        /// Identifies the write among others, however close in time.
        ///
        /// Every change one commit made carries the same identifier. `nil` when the store did not record it.
        public var write: String?
        /// The write this one reverts, or `nil` for an ordinary write.
        ///
        /// An undo names the write it undoes, a redo the undo it takes back.
        public var reverts: String?
        /// How many keys the whole write changed, when the history records it: a history that holds fewer of its
        /// changes has lost some (to a bounded journal), and an undo of it would revert only part.
        public var changeCount: Int?

        /// The write that writes made in this task revert, which ``current`` records: `prefs undo` and the editor's
        /// undo set it around their commit, so that every store's history can tell an undo from a new write.
        @TaskLocal public static var revertedWrite: String?

        /// Creates a writer.
        ///
        /// - Parameters:
        ///   - pid: The process id.
        ///   - processName: The process name.
        ///   - host: The host name.
        ///   - time: When the write was made.
        ///   - write: Identifies the write among others.
        ///   - reverts: The write this one reverts, for an undo or a redo.
        public init(
            pid: Int32? = nil, processName: String? = nil, host: String? = nil, time: Date? = nil, write: String? = nil,
            reverts: String? = nil
        ) {
            self.pid = pid
            self.processName = processName
            self.host = host
            self.time = time
            self.write = write
            self.reverts = reverts
        }

        /// This process, now, for a new write: named as ``currentName`` says, each call with an identifier of its
        /// own, naming the write it reverts when made inside ``revertedWrite``'s scope.
        public static var current: Writer {
            Writer(
                pid: ProcessInfo.processInfo.processIdentifier, processName: currentName, host: nil, time: Date(),
                write: newWriteIdentifier(), reverts: revertedWrite)
        }

        /// The name writes made in this task are journaled under, set around an action by a tool that makes many
        /// (`prefs` names each of its commands: `prefs write`, `prefs undo`, `prefs tui`).
        @TaskLocal public static var nameInTask: String?

        /// The name a new write is journaled under: the task's (``nameInTask``), else the one this process declared
        /// (``WriterName``), else the process's own name.
        public static var currentName: String {
            nameInTask ?? WriterName.declared ?? ProcessInfo.processInfo.processName
        }

        /// An identifier for a new write, unlike any other in practice: 64 random bits.
        ///
        /// - Returns: The identifier, in hexadecimal.
        public static func newWriteIdentifier() -> String {
            String(UInt64.random(in: .min ... .max), radix: 16)
        }
    }

    /// The suite the key belongs to, when the store has suites.
    public let suite: String?
    /// The key's identifier.
    public let key: String
    /// What the store held before, or `nil` when the key was absent.
    public let oldValue: PropertyListValue?
    /// What the store holds now, or `nil` when the key was removed.
    public let newValue: PropertyListValue?
    /// Whether this process made the change.
    public let origin: Origin
    /// Who made the change, when known.
    public let writer: Writer?
    /// The write this change undid, when an unknown writer (a plain `UserDefaults` program that took no lock, a hand
    /// edit) put back the value that write had replaced: the store then says so rather than report a change like any
    /// other.
    public let reverted: Writer?
    /// Whether a history kept only the fact of this change: its values were too large to keep, and ``oldValue`` and
    /// ``newValue`` are `nil`.
    public let isAbridged: Bool
    /// Whether a history kept only the fact of this change because the schema marks its key secret; such a change is
    /// also ``isAbridged``.
    public let isRedacted: Bool
    /// The system layer or lock file whose change this is, such as `/etc/xdg/com.example.app.locks`.
    ///
    /// ``oldValue`` and ``newValue`` are then the key's effective values (``SystemLayers``), not the user's. `nil`
    /// for a change to the user's values.
    public let systemLayer: String?

    /// Creates a change.
    ///
    /// - Parameters:
    ///   - suite: The suite the key belongs to.
    ///   - key: The key's identifier.
    ///   - oldValue: What the store held before.
    ///   - newValue: What it holds now.
    ///   - origin: Whether this process made the change.
    ///   - writer: Who made it.
    ///   - reverted: The write it undid, when it put back what that write replaced.
    ///   - isAbridged: Whether a history kept only the fact of the change, not its values.
    ///   - isRedacted: Whether it kept only the fact because the key is secret.
    ///   - systemLayer: The system file whose change this is; the values are then effective ones.
    public init(
        suite: String? = nil, key: String, oldValue: PropertyListValue?, newValue: PropertyListValue?,
        origin: Origin = .thisProcess, writer: Writer? = nil, reverted: Writer? = nil, isAbridged: Bool = false,
        isRedacted: Bool = false, systemLayer: String? = nil
    ) {
        self.systemLayer = systemLayer
        self.isAbridged = isAbridged || isRedacted
        self.isRedacted = isRedacted
        self.suite = suite
        self.key = key
        self.oldValue = oldValue
        self.newValue = newValue
        self.origin = origin
        self.writer = writer
        self.reverted = reverted
    }
}

/// A change to one key, as typed values.
public struct PersistentKeyChange<Value> {
    /// The key's identifier.
    public let key: String
    /// The value a read returned before the change.
    public let oldValue: Value
    /// The value a read returns after it.
    public let newValue: Value
    /// Why the new value is what it is: stored, the default for an absent key, or a default standing in for an
    /// unreadable value.
    public let status: PersistentValueStatus
}

extension PersistentKeyChange: Sendable where Value: Sendable {}
