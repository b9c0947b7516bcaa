public import PrefsCore

/// Why the file store could not do what was asked; its ``description`` is one line that names the suite or file.
public enum FileStoreError: StoreErrorConvertible, Sendable, Hashable, CustomStringConvertible {
    /// A suite name that cannot be used as a file name.
    case invalidSuiteName(String, reason: String)
    /// A suite whose file is not a property list of the expected shape.
    case corrupt(suite: String, path: String, reason: String)
    /// A suite whose file cannot be read: permission denied, not a regular file, or too large.
    case unreadable(suite: String, path: String, reason: String)
    /// Another process held the suite's lock for longer than the store waits.
    case locked(suite: String, path: String, holder: Int32?, seconds: Double)
    /// A write refused because it would change a value nobody asked to change.
    case unrepresentable(suite: String, key: String, reason: String)
    /// A file the store did not create stands where it would write.
    case unsafe(path: String, reason: String)
    /// A system call failed.
    case io(path: String, operation: String, reason: String)
    /// A key no longer held what a read-then-write verb read; nothing was written.
    case changedSince(suite: String, key: String)
    /// A write that would make the suite's file larger than any reader accepts; nothing was written.
    case tooLarge(suite: String, bytes: Int, limit: Int)
    /// A suite whose file its owner made read-only, or whose owner, group or mode a write could not keep.
    case notWritable(suite: String, path: String, reason: String)
    /// A write to a key a system lock file fixes (``/PrefsCore/SuiteLocks``); nothing was written.
    case lockedKey(suite: String, key: String, lockFile: String)

    public var description: String {
        switch self {
        case .invalidSuiteName(let name, let reason):
            "invalid suite name \(TextEscaping.quoted(name, limit: 80)): \(reason)"
        case .corrupt(let suite, let path, let reason):
            "suite \(TextEscaping.quoted(suite, limit: 80)) is unreadable (\(TextEscaping.escaped(path))): "
                + "\(TextEscaping.escaped(reason)); it is left untouched until recovered (prefs recover)"
        case .unreadable(let suite, let path, let reason):
            "suite \(TextEscaping.quoted(suite, limit: 80)) cannot be read (\(TextEscaping.escaped(path))): "
                + TextEscaping.escaped(reason)
        case .locked(let suite, let path, let holder, let seconds):
            "suite \(TextEscaping.quoted(suite, limit: 80)) stayed locked for \(Self.format(seconds)) s"
                + (holder.map { " by process \($0)" } ?? "") + " (\(TextEscaping.escaped(path))); gave up"
        case .unrepresentable(let suite, let key, let reason):
            // A reason names a value ("a string holding U+001B"), which the key holds, or is a clause of its own
            // ("its name holds U+001B").
            "suite \(TextEscaping.quoted(suite, limit: 80)): key \(TextEscaping.quoted(key, limit: 80))"
                + (reason.hasPrefix("a ") || reason.hasPrefix("an ") ? " holds " : ": ")
                + "\(TextEscaping.escaped(reason)); nothing was written and the file is unchanged"
                + (reason.hasSuffix(XMLLimits.cannotHold)
                    ? " (\(XMLLimits.wayOut))" : "")
        case .unsafe(let path, let reason):
            "refusing to use \(TextEscaping.escaped(path)): \(TextEscaping.escaped(reason))"
        case .changedSince(_, let key):
            PersistentKeyValueStoreError.changedSince(key: key).message
        case .io(let path, let operation, let reason):
            "cannot \(operation) \(TextEscaping.escaped(path)): \(TextEscaping.escaped(reason))"
        case .notWritable(let suite, let path, let reason):
            "suite \(TextEscaping.quoted(suite, limit: 80)) cannot be written (\(TextEscaping.escaped(path))): "
                + "\(TextEscaping.escaped(reason)); nothing was written"
        case .lockedKey(let suite, let key, let lockFile):
            PersistentKeyValueStoreError.locked(key: key, suite: suite, by: lockFile).message
        case .tooLarge(let suite, let bytes, let limit):
            "suite \(TextEscaping.quoted(suite, limit: 80)) would grow to \(Self.mebibytes(bytes)) MiB, past the "
                + "\(limit / 1024 / 1024) MiB a suite file may hold; nothing was written"
        }
    }

    /// Whether the error is a suite file that cannot be used as it is, which the file store's `FileSuite.recover(from:)` deals with.
    public var isSuiteProblem: Bool {
        switch self {
        case .corrupt, .unreadable: true
        default: false
        }
    }

    private static func mebibytes(_ bytes: Int) -> String {
        format(Double(bytes) / 1024 / 1024)
    }

    private static func format(_ seconds: Double) -> String {
        let tenths = (seconds * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }

    /// The error as a store error, for the generic store API.
    public var storeError: PersistentKeyValueStoreError {
        switch self {
        case .invalidSuiteName, .unsafe, .unrepresentable, .tooLarge:
            PersistentKeyValueStoreError(.refused, message: description)
        case .changedSince: PersistentKeyValueStoreError(.conflict, message: description)
        case .lockedKey: PersistentKeyValueStoreError(.locked, message: description)
        case .corrupt: PersistentKeyValueStoreError(.corrupt, message: description)
        case .unreadable, .locked, .io, .notWritable: PersistentKeyValueStoreError(.io, message: description)
        }
    }
}
