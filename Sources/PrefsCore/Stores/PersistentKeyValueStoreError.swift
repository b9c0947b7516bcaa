/// Why a store could not be written or read.
public struct PersistentKeyValueStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure it was.
    public enum Reason: Sendable, Hashable {
        /// The value cannot be converted to its stored form.
        case encoding
        /// The store's backing file or service failed.
        case io
        /// The store's data is corrupt.
        case corrupt
        /// The store refuses the write, for example because it is read-only.
        case refused
        /// The key changed between a read and the write that depended on it; nothing was written.
        case conflict
        /// A system administrator locked the key (``SuiteLocks``); the message names the lock.
        case locked
    }

    /// What kind of failure it was.
    public let reason: Reason
    /// The key involved, when there is one.
    public let key: String?
    /// One line saying what is wrong.
    public let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - reason: What kind of failure it was.
    ///   - key: The key involved.
    ///   - message: One line saying what is wrong.
    public init(_ reason: Reason, key: String? = nil, message: String) {
        self.reason = reason
        self.key = key
        self.message = message
    }

    public var description: String {
        guard let key else { return message }
        return "\(TextEscaping.quoted(key, limit: 80)): \(message)"
    }
}
