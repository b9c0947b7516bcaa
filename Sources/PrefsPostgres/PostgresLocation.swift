import Foundation
import PostgresNIO

/// Where a PostgreSQL store lives: a `postgres://user:password@host:port/database` URL, and the table in it.
public struct PostgresLocation: Sendable, CustomStringConvertible {
    public let host: String
    public let port: Int
    public let username: String
    let password: String?
    public let database: String?
    /// The table holding the preferences; its change notifications go out on `<table>_changes`.
    public let table: String

    /// Reads a URL such as `postgres://prefs@127.0.0.1:5432/prefs?table=team_prefs`.
    ///
    /// - Parameter url: The URL; the scheme is `postgres` or `postgresql`, and `table` defaults to `prefs_values`.
    /// - Throws: ``PostgresStoreError/badLocation(_:reason:)`` naming what is wrong.
    public init(_ url: String) throws(PostgresStoreError) {
        guard let components = URLComponents(string: url), let scheme = components.scheme,
            ["postgres", "postgresql"].contains(scheme.lowercased())
        else {
            throw .badLocation(url, reason: "expected postgres://user@host:port/database")
        }
        guard let host = components.host, !host.isEmpty else { throw .badLocation(url, reason: "no host") }
        self.host = host
        port = components.port ?? 5432
        username = components.user ?? "postgres"
        password = components.password
        let path = components.path.drop { $0 == "/" }
        database = path.isEmpty ? nil : String(path)
        let table = components.queryItems?.first { $0.name == "table" }?.value ?? "prefs_values"
        guard let first = table.unicodeScalars.first, first == "_" || ("a"..."z").contains(first),
            table.unicodeScalars.allSatisfy({ $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0) }),
            table.count <= 48
        else {
            throw .badLocation(url, reason: "the table must be a lowercase SQL identifier")
        }
        self.table = table
    }

    /// The URL without its password, for messages.
    public var description: String {
        "postgres://\(username)@\(host):\(port)/\(database ?? "")?table=\(table)"
    }

    /// The notification channel of the table.
    var channel: String { "\(table)_changes" }

    var configuration: PostgresConnection.Configuration {
        PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: .disable)
    }
}
