#if PostgreSQL
import PrefsCore

/// Why a PostgreSQL store could not be opened, read or written; its description is one line.
public enum PostgresStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL given for the store is not one it can use.
    case badLocation(String, reason: String)
    /// The server could not be reached, or refused the connection.
    case unreachable(String, reason: String)
    /// The server refused a query, or the connection dropped during it.
    case failed(String, reason: String)
    /// A suite's name cannot be used.
    case invalidSuiteName(String, reason: String)
    /// A statement waited for a lock longer than `lock_timeout`, or ran longer than `statement_timeout`, and the
    /// server stopped it; nothing it would have written was written.
    case timedOut(String, what: String, holder: Int32?, timeout: String, parameter: String)
    /// A row another client wrote in a shape this store cannot decode.
    case undecodable(String, suite: String, key: String, value: String)
    /// The server refused this client for good (a wrong password, a database that does not exist, no privilege):
    /// trying again would not help, so listening stopped.
    case refused(String, reason: String)

    public var description: String {
        switch self {
        case .badLocation(let url, let reason):
            "not a PostgreSQL store URL: \(TextEscaping.quoted(url)): \(TextEscaping.escaped(reason))"
        case .unreachable(let location, let reason):
            "cannot reach the PostgreSQL store at \(location): \(TextEscaping.escaped(reason))"
        case .failed(let location, let reason):
            "the PostgreSQL store at \(location) failed: \(TextEscaping.escaped(reason))"
        case .invalidSuiteName(let name, let reason):
            "invalid suite name \(TextEscaping.quoted(name)): \(reason)"
        case .undecodable(let location, let suite, let key, let value):
            "the PostgreSQL store at \(location): key \(TextEscaping.quoted(key, limit: 80)) of suite "
                + "\(TextEscaping.quoted(suite, limit: 80)) holds \(TextEscaping.quoted(value, limit: 80)), "
                + "which is not a value prefs can decode"
        case .refused(let location, let reason):
            "the PostgreSQL store at \(location) refused this client: \(TextEscaping.escaped(reason)); "
                + "other clients' changes are no longer listened for"
        case .timedOut(let location, let what, let holder, let timeout, let parameter):
            "the PostgreSQL store at \(location): \(what)" + (holder.map { " by server process \($0)" } ?? "")
                + " for \(timeout); the server stopped the statement and nothing was written (\(parameter) in the URL "
                + "sets how long to wait)"
        }
    }
}
#endif
