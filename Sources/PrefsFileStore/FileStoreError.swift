import PrefsKit

/// Why the file store could not do what was asked; its ``description`` is one line that names the suite or file.
public enum FileStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A suite name that cannot be used as a file name.
    case invalidSuiteName(String, reason: String)
    /// A suite whose file is not a property list of the expected shape.
    case corrupt(suite: String, path: String, reason: String)
    /// A system call failed.
    case io(path: String, operation: String, reason: String)

    public var description: String {
        switch self {
        case .invalidSuiteName(let name, let reason):
            "invalid suite name \(TextEscaping.quoted(name, limit: 80)): \(reason)"
        case .corrupt(let suite, let path, let reason):
            "suite \(TextEscaping.quoted(suite, limit: 80)) is unreadable (\(TextEscaping.escaped(path))): "
                + "\(TextEscaping.escaped(reason)); it is left untouched until recovered"
        case .io(let path, let operation, let reason):
            "cannot \(operation) \(TextEscaping.escaped(path)): \(TextEscaping.escaped(reason))"
        }
    }

    /// The error as a store error, for the generic store API.
    var storeError: PersistentKeyValueStoreError {
        switch self {
        case .invalidSuiteName: PersistentKeyValueStoreError(.refused, message: description)
        case .corrupt: PersistentKeyValueStoreError(.corrupt, message: description)
        case .io: PersistentKeyValueStoreError(.io, message: description)
        }
    }
}
