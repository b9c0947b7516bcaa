#if PostgreSQL
import Foundation
import NIOSSL
import PostgresNIO
import PrefsCore

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
    /// How long a statement may run before the server cancels it (`statement_timeout`), 5 s by default.
    public let statementTimeout: String
    /// How long a statement waits for a lock before the server gives up (`lock_timeout`), 5 s by default.
    public let lockTimeout: String

    /// Reads a URL such as `postgres://prefs@db.example.com:5432/prefs?table=team_prefs&sslmode=verify-full`.
    ///
    /// - Parameter url: The URL; the scheme is `postgres` or `postgresql`.
    /// - Throws: ``PostgresStoreError/badLocation(_:reason:)`` naming what is wrong: the scheme, a missing host, a
    ///   table name that is not a plain lowercase SQL identifier or is one of PostgreSQL's reserved words, an
    ///   unknown `sslmode`, or an unknown parameter.
    public init(_ url: String) throws(PostgresStoreError) {
        // Every error names the URL as given, less its password: they reach terminals, logs and `--json` output.
        let shown = URLPassword.hidden(in: url)
        guard let components = URLComponents(string: url), let scheme = components.scheme,
            ["postgres", "postgresql"].contains(scheme.lowercased())
        else {
            throw .badLocation(shown, reason: "expected postgres://user@host:port/database")
        }
        guard let host = components.host, !host.isEmpty else { throw .badLocation(shown, reason: "no host") }
        self.host = host
        // URLComponents reads any number, and a connection would take it modulo 65536: 70000 is port 4464.
        guard components.port.map({ (1...65535).contains($0) }) ?? true else {
            throw .badLocation(shown, reason: "the port must be from 1 to 65535")
        }
        port = components.port ?? 5432
        username = components.user ?? "postgres"
        password = components.password
        let path = components.path.drop { $0 == "/" }
        database = path.isEmpty ? nil : String(path)
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard Self.parameters.contains(item.name) else {
                throw .badLocation(
                    shown,
                    reason: "unknown parameter \(item.name); expected table, sslmode, sslrootcert, statement_timeout "
                        + "or lock_timeout")
            }
            parameters[item.name] = item.value ?? ""
        }
        let table = parameters["table"] ?? "prefs_values"
        guard let first = table.unicodeScalars.first, first == "_" || ("a"..."z").contains(first),
            table.unicodeScalars.allSatisfy({ $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0) }),
            table.count <= 48
        else {
            throw .badLocation(shown, reason: "the table must be a lowercase SQL identifier of at most 48 characters")
        }
        // The store keeps its history, schemas and notifications under names made from the table's: a table named
        // as one of those would be the other table of some store, and its own would be made beside it.
        if let suffix = Self.companionSuffixes.first(where: { table.hasSuffix($0) && table.count > $0.count }) {
            throw .badLocation(
                shown,
                reason: "the table name \(table) ends in \(suffix), as the store's own \(suffix.dropFirst()) table "
                    + "of \(table.dropLast(suffix.count)) is named; give the store's table, such as "
                    + "table=\(table.dropLast(suffix.count))")
        }
        guard !PostgresReservedWords.all.contains(table) else {
            throw .badLocation(
                shown,
                reason: "the table name \(table) is a reserved word in PostgreSQL; choose another, such as "
                    + "\(table)_prefs")
        }
        self.table = table
        let mode = parameters["sslmode"] ?? TLSMode.prefer.rawValue
        guard let tlsMode = TLSMode(rawValue: mode) else {
            throw .badLocation(shown, reason: "sslmode must be disable, prefer, require or verify-full, not \(mode)")
        }
        self.tlsMode = tlsMode
        rootCertificatePath = parameters["sslrootcert"]
        statementTimeout = try Self.timeout(parameters["statement_timeout"], named: "statement_timeout", in: shown)
        lockTimeout = try Self.timeout(parameters["lock_timeout"], named: "lock_timeout", in: shown)
    }

    /// The endings of the names the store makes from its table's: `<table>_history`, `<table>_schemas`, and the
    /// notification channel `<table>_changes`.
    static let companionSuffixes = ["_history", "_schemas", "_changes"]

    /// The parameters a URL may carry.
    private static let parameters: Set = ["table", "sslmode", "sslrootcert", "statement_timeout", "lock_timeout"]

    /// How long a statement may run, or wait for a lock, unless the URL says otherwise: a table another session holds
    /// with `LOCK TABLE`, or a statement that goes on, then ends the command with an error rather than a hang.
    public static let defaultTimeout = "5s"

    /// A timeout as PostgreSQL takes it: milliseconds, or a number with `ms`, `s` or `min`; `0` waits for ever.
    private static func timeout(_ text: String?, named name: String, in url: String) throws(PostgresStoreError)
        -> String
    {
        guard let text else { return defaultTimeout }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let unit = text.dropFirst(digits.count)
        guard !digits.isEmpty, digits.count <= 9, ["", "ms", "s", "min"].contains(unit) else {
            throw .badLocation(url, reason: "\(name) must be a duration such as 5s, 500ms or 2min, not \(text)")
        }
        return text
    }

    /// How long this client waits for the server's answer to one piece of work before giving up on it.
    ///
    /// It is the statement's and the lock's timeouts (five minutes for one that waits for ever), and 15 s of grace for
    /// the network and the connection. The server stops a statement at its own timeouts; this deadline is for a server
    /// that stopped answering at all (stopped, partitioned away), which no server setting can end.
    public var answerDeadline: Duration {
        let longest = [statementTimeout, lockTimeout].map { Self.duration(of: $0) ?? .seconds(300) }.max()
        return (longest ?? .seconds(5)) + .seconds(15)
    }

    /// A timeout's length, or `nil` for `0`, which waits for ever.
    static func duration(of timeout: String) -> Duration? {
        let digits = timeout.prefix { $0.isASCII && $0.isNumber }
        guard let number = Int64(digits), number > 0 else { return nil }
        switch timeout.dropFirst(digits.count) {
        case "s": return .seconds(number)
        case "min": return .seconds(number * 60)
        default: return .milliseconds(number)
        }
    }

    /// The URL without its password, for messages.
    public var description: String {
        var options = tlsMode == .prefer ? "" : "&sslmode=\(tlsMode.rawValue)"
        if statementTimeout != Self.defaultTimeout { options += "&statement_timeout=\(statementTimeout)" }
        if lockTimeout != Self.defaultTimeout { options += "&lock_timeout=\(lockTimeout)" }
        return "postgres://\(username)@\(host):\(port)/\(database ?? "")?table=\(table)\(options)"
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
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        // Set when the session starts, so that every statement of every connection runs under them, at no round trip.
        configuration.options.additionalStartupParameters = [
            ("statement_timeout", statementTimeout), ("lock_timeout", lockTimeout),
        ]
        return configuration
    }
}
#endif
