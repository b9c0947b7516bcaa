public import PrefsCore
import PrefsStoreKit

/// Why the KConfig store refused a suite, a key or a value; each says what is wrong on one line.
public enum KConfigStoreError: StoreErrorConvertible, Sendable, Hashable, CustomStringConvertible {
    /// A suite's name cannot name a file of the configuration folder.
    case invalidSuiteName(String, reason: String)
    /// A key's name cannot name a group and a key.
    case invalidKeyName(suite: String, key: String)
    /// The value is not of the key's type.
    case invalidValue(suite: String, key: String, reason: String)
    /// An `[$i]` in a system file (or the user's own) makes the key immutable.
    case immutable(suite: String, key: String, file: String)
    /// A file cannot be read: not a regular file, too large, unreadable.
    case unreadable(path: String, reason: String)
    /// A file cannot be written.
    case writeFailed(path: String, reason: String)
    /// Another program held KConfig's lock file for too long.
    case lockTimeout(path: String, holder: String)
    /// The suite's file is a symbolic link or another user's, which a rename would replace.
    case unsafe(path: String, reason: String)
    /// A system copy someone other than an administrator could have written, ignored.
    case untrusted(path: String, reason: String)
    /// A `.kcfg` schema cannot be read.
    case unreadableSchema(path: String, reason: String)
    /// Schemas are installed by packages, not through the store.
    case readOnlySchemas

    public var description: String {
        switch self {
        case .invalidSuiteName(let name, let reason):
            "invalid KConfig file \(TextEscaping.quoted(name)): \(reason)"
        case .invalidKeyName(let suite, let key):
            "\(TextEscaping.quoted(key)) names no key of \(TextEscaping.quoted(suite)): keys are GROUP/KEY, "
                + "OUTER/INNER/KEY, or KEY for the default group, with / and \\ in a name written \\/ and \\\\"
        case .invalidValue(let suite, let key, let reason):
            "key \(TextEscaping.quoted(key)) of \(TextEscaping.quoted(suite)): \(reason); nothing was written"
        case .immutable(let suite, let key, let file):
            "key \(TextEscaping.quoted(key, limit: 80)) of suite \(TextEscaping.quoted(suite, limit: 80)) is "
                + "locked by \(TextEscaping.escaped(file)) ([$i]); nothing was written"
        case .unreadable(let path, let reason):
            "cannot read \(TextEscaping.escaped(path)): \(reason)"
        case .writeFailed(let path, let reason):
            "cannot write \(TextEscaping.escaped(path)): \(reason); it is unchanged"
        case .lockTimeout(let path, let holder):
            "\(TextEscaping.escaped(path)) is locked by \(TextEscaping.escaped(holder)); nothing was written (try again "
                + "once it is done, or remove the lock file if that program is gone)"
        case .unsafe(let path, let reason):
            "will not write \(TextEscaping.escaped(path)): \(reason)"
        case .untrusted(let path, let reason):
            "ignoring the system copy \(TextEscaping.escaped(path)): \(reason), so anyone could have written it"
        case .unreadableSchema(let path, let reason):
            "cannot read the KConfigXT schema \(TextEscaping.escaped(path)): \(reason)"
        case .readOnlySchemas:
            "KConfigXT schemas (.kcfg) are installed by the programs they describe, not by prefs"
        }
    }

    /// The error as the typed API's writes throw it.
    public var storeError: PersistentKeyValueStoreError {
        switch self {
        case .invalidValue, .invalidKeyName: PersistentKeyValueStoreError(.encoding, message: description)
        case .immutable: PersistentKeyValueStoreError(.locked, message: description)
        case .unreadable: PersistentKeyValueStoreError(.corrupt, message: description)
        case .writeFailed, .lockTimeout: PersistentKeyValueStoreError(.io, message: description)
        default: PersistentKeyValueStoreError(.refused, message: description)
        }
    }
}

extension KConfigStoreError {
    /// KDE's lock file (a `QLockFile`) as the store's error: held too long, or not made.
    init(_ lock: QtLockFileError) {
        switch lock {
        case .timedOut(let path, let holder): self = .lockTimeout(path: path, holder: holder)
        case .cannotCreate(let path, let reason):
            self = .writeFailed(path: path, reason: "cannot create the lock file: \(reason)")
        }
    }
}
