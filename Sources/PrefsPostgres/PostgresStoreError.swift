import PrefsKit

/// Why a PostgreSQL store could not be opened or written.
public enum PostgresStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL given for the store is not one it can use.
    case badLocation(String, reason: String)
    /// The server could not be reached, or refused the connection.
    case unreachable(String, reason: String)

    public var description: String {
        switch self {
        case .badLocation(let url, let reason):
            "not a PostgreSQL store URL: \(TextEscaping.quoted(url)): \(TextEscaping.escaped(reason))"
        case .unreachable(let location, let reason):
            "cannot reach the PostgreSQL store at \(location): \(TextEscaping.escaped(reason))"
        }
    }
}
