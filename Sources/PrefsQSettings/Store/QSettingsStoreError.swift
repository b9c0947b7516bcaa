public import PrefsCore
import PrefsStoreKit

/// Why the QSettings store refused a suite, a key or a value; each says what is wrong on one line.
public enum QSettingsStoreError: StoreErrorConvertible, CodedError, Sendable, Hashable, CustomStringConvertible {
    /// The name names no settings file: `APP` or `ORG/APP`, as the file's path under the configuration folder
    /// without `.conf`.
    case invalidSuiteName(String, reason: String)
    /// A file exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// The value does not fit the type the key holds.
    case invalidValue(suite: String, key: String, reason: String)
    /// The file is not edited: Qt skips part of it, or the edit would change another key.
    case refusedEdit(path: String, reason: String)
    /// Another program held the file's lock (`.lock`, a `QLockFile`) past the deadline.
    case lockTimeout(path: String, holder: String)
    /// The file could not be written.
    case writeFailed(path: String, reason: String)
    /// QSettings' files have no schemas.
    case noSchemas

    public var description: String {
        switch self {
        case .invalidSuiteName(let name, let reason):
            "invalid QSettings suite \(TextEscaping.quoted(name)): \(reason)"
        case .unreadable(let path, let reason):
            "\(TextEscaping.quoted(path)) cannot be read: \(reason)"
        case .invalidValue(let suite, let key, let reason):
            "key \(TextEscaping.quoted(key)) of \(TextEscaping.quoted(suite)): \(reason); nothing was written"
        case .refusedEdit(let path, let reason):
            "\(TextEscaping.quoted(path)) is not edited: \(reason); nothing was written"
        case .lockTimeout(let path, let holder):
            "\(TextEscaping.quoted(path)) is locked by \(holder); try again once it is done; nothing was written"
        case .writeFailed(let path, let reason):
            "\(TextEscaping.quoted(path)) could not be written: \(reason); nothing was written"
        case .noSchemas:
            "QSettings files have no schemas: their values carry their types"
        }
    }

    public var code: ErrorCode {
        switch self {
        case .invalidSuiteName: .invalidSuiteName
        case .unreadable: .io
        case .invalidValue: .invalidValue
        case .refusedEdit: .corrupt
        case .lockTimeout: .locked
        case .writeFailed: .io
        case .noSchemas: .refused
        }
    }

    public var storeError: PersistentKeyValueStoreError {
        switch self {
        case .invalidSuiteName, .noSchemas: PersistentKeyValueStoreError(.refused, message: description)
        case .invalidValue: PersistentKeyValueStoreError(.encoding, message: description)
        case .refusedEdit: PersistentKeyValueStoreError(.corrupt, message: description)
        case .unreadable, .lockTimeout, .writeFailed: PersistentKeyValueStoreError(.io, message: description)
        }
    }

    /// Qt's lock file as the store's error.
    init(_ lock: QtLockFileError) {
        switch lock {
        case .timedOut(let path, let holder): self = .lockTimeout(path: path, holder: holder)
        case .cannotCreate(let path, let reason): self = .writeFailed(path: path, reason: "cannot lock it: \(reason)")
        }
    }
}
