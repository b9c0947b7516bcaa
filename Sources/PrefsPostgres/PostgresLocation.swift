import Foundation
import NIOSSL
import PostgresNIO

/// Where a PostgreSQL store lives: a `postgres://user:password@host:port/database` URL, the table in it, and how the
/// connection is secured.
///
/// The query string takes `table=NAME` (default `prefs_values`), `sslmode=disable|prefer|require|verify-full` as
/// libpq reads it (default `prefer`), and `sslrootcert=PATH`, a PEM file of the authorities `verify-full` trusts
/// instead of the system's.
public struct PostgresLocation: Sendable, CustomStringConvertible {
    /// How the connection is secured, as libpq's `sslmode` says it.
    public enum TLSMode: String, Sendable, CaseIterable {
        /// Plain TCP.
        case disable
        /// TLS when the server offers it, unverified; plain TCP otherwise. libpq's default.
        case prefer
        /// TLS or no connection, without checking the server's certificate.
        case require
        /// TLS with the server's certificate checked against trusted authorities and the host name.
        case verifyFull = "verify-full"
    }

    public let host: String
    public let port: Int
    public let username: String
    let password: String?
    public let database: String?
    /// The table holding the preferences; its change notifications go out on `<table>_changes`, its history is kept
    /// in `<table>_history` and its schemas in `<table>_schemas`.
    public let table: String
    /// How the connection is secured.
    public let tlsMode: TLSMode
    /// The PEM file of trusted authorities for ``TLSMode/verifyFull``, when not the system's.
    public let rootCertificatePath: String?

    /// Reads a URL such as `postgres://prefs@db.example.com:5432/prefs?table=team_prefs&sslmode=verify-full`.
    ///
    /// - Parameter url: The URL; the scheme is `postgres` or `postgresql`.
    /// - Throws: ``PostgresStoreError/badLocation(_:reason:)`` naming what is wrong: the scheme, a missing host, a
    ///   table name that is not a plain lowercase SQL identifier or is one of PostgreSQL's reserved words, an
    ///   unknown `sslmode`, or an unknown parameter.
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
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard ["table", "sslmode", "sslrootcert"].contains(item.name) else {
                throw .badLocation(
                    url, reason: "unknown parameter \(item.name); expected table, sslmode or sslrootcert")
            }
            parameters[item.name] = item.value ?? ""
        }
        let table = parameters["table"] ?? "prefs_values"
        guard let first = table.unicodeScalars.first, first == "_" || ("a"..."z").contains(first),
            table.unicodeScalars.allSatisfy({ $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0) }),
            table.count <= 48
        else {
            throw .badLocation(url, reason: "the table must be a lowercase SQL identifier of at most 48 characters")
        }
        guard !PostgresReservedWords.all.contains(table) else {
            throw .badLocation(
                url,
                reason: "the table name \(table) is a reserved word in PostgreSQL; choose another, such as "
                    + "\(table)_prefs")
        }
        self.table = table
        let mode = parameters["sslmode"] ?? TLSMode.prefer.rawValue
        guard let tlsMode = TLSMode(rawValue: mode) else {
            throw .badLocation(url, reason: "sslmode must be disable, prefer, require or verify-full, not \(mode)")
        }
        self.tlsMode = tlsMode
        rootCertificatePath = parameters["sslrootcert"]
    }

    /// The URL without its password, for messages.
    public var description: String {
        let tls = tlsMode == .prefer ? "" : "&sslmode=\(tlsMode.rawValue)"
        return "postgres://\(username)@\(host):\(port)/\(database ?? "")?table=\(table)\(tls)"
    }

    /// The notification channel of the table.
    var channel: String { "\(table)_changes" }

    /// The connection's configuration, with its TLS context.
    ///
    /// - Throws: ``PostgresStoreError/badLocation(_:reason:)`` when the root certificate cannot be loaded.
    func configuration() throws(PostgresStoreError) -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        do {
            switch tlsMode {
            case .disable:
                tls = .disable
            case .prefer, .require:
                var configuration = TLSConfiguration.makeClientConfiguration()
                configuration.certificateVerification = .none
                let context = try NIOSSLContext(configuration: configuration)
                tls = tlsMode == .prefer ? .prefer(context) : .require(context)
            case .verifyFull:
                var configuration = TLSConfiguration.makeClientConfiguration()
                configuration.certificateVerification = .fullVerification
                if let rootCertificatePath {
                    configuration.trustRoots = .file(rootCertificatePath)
                }
                tls = .require(try NIOSSLContext(configuration: configuration))
            }
        } catch {
            throw .badLocation("\(self)", reason: "cannot set up TLS: \(error)")
        }
        return PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
    }
}
