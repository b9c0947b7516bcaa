#if PostgreSQL
import NIOCore
import NIOPosix
import PostgresNIO
import SystemPackage

/// PostgresNIO's and NIO's errors in a person's words: PostgreSQL's own message when the server sent one, else what
/// happened to the connection, never a library's type names (`sslUnsupported`, `SingleConnectionFailure(…)`).
enum PostgresErrorText {
    /// One line for an error.
    ///
    /// - Parameter error: The error.
    /// - Returns: The server's message, the connection's trouble in words, or the error's own description.
    static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            let words = words(for: error.code)
            guard let underlying = error.underlying else { return words }
            return "\(words): \(reason(underlying))"
        }
        if let error = error as? NIOConnectionError {
            let attempts = error.connectionErrors.map { "\(address($0.target)): \(reason($0.error))" }
            if let first = attempts.first { return attempts.count == 1 ? first : attempts.joined(separator: "; ") }
            if let resolution = error.dnsAAAAError ?? error.dnsAError {
                return "the host name cannot be resolved: \(reason(resolution))"
            }
            return "no address to connect to"
        }
        // The system's words for the code, through swift-system rather than the C library.
        if let error = error as? IOError { return Errno(rawValue: error.errnoCode).description }
        if error is ChannelError { return "the connection closed" }
        return "\(error)"
    }

    /// An address as people write it: `127.0.0.1:5432`, `[::1]:5432`.
    private static func address(_ target: SocketAddress) -> String {
        guard let ip = target.ipAddress, let port = target.port else { return "\(target)" }
        return ip.contains(":") ? "[\(ip)]:\(port)" : "\(ip):\(port)"
    }

    /// What a PostgresNIO error code means to the person who ran the command, and the way out where there is one.
    private static func words(for code: PSQLError.Code) -> String {
        switch code {
        case .sslUnsupported:
            "the server does not accept TLS (sslmode=disable in the URL connects without it, in clear)"
        case .failedToAddSSLHandler: "TLS could not be set up"
        case .receivedUnencryptedDataAfterSSLRequest: "the server answered a TLS request in clear"
        case .unsupportedAuthMechanism: "the server asks for a way of signing in this client does not support"
        case .authMechanismRequiresPassword: "the server asks for a password, and the URL gives none"
        case .saslError: "signing in failed"
        case .serverClosedConnection: "the server closed the connection"
        case .clientClosedConnection: "the connection was closed"
        case .uncleanShutdown: "the connection ended without TLS closing it"
        case .connectionError: "the connection failed"
        case .queryCancelled: "the statement was cancelled"
        case .tooManyParameters: "the statement has too many values"
        case .messageDecodingFailure, .unexpectedBackendMessage, .invalidCommandTag:
            "the server's answer could not be understood"
        default: "the server could not be used (\(code))"
        }
    }
}
#endif
