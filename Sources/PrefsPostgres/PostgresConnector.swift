#if PostgreSQL
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// Opens connections to a PostgreSQL server through a channel of this package's own, so that its pipeline starts with
/// ``UnrequestedReadGuard``.
///
/// postgres-nio takes a channel already connected (`Configuration(establishedChannel:…)`) and sets up TLS, the
/// startup and authentication on it as on one it opened itself; the connect timeout and the startup parameters
/// (`statement_timeout`, `lock_timeout`) carry over from the configuration.
struct PostgresConnector: Sendable {
    let configuration: PostgresConnection.Configuration
    let host: String
    let port: Int

    /// Connects and starts a session.
    ///
    /// - Parameters:
    ///   - id: The connection's identifier, for postgres-nio's logs.
    ///   - logger: Where postgres-nio logs.
    /// - Returns: The connection.
    /// - Throws: NIO's error when the server cannot be reached, or `PSQLError` when the session cannot start.
    func connect(id: PostgresConnection.ID, logger: Logger) async throws -> PostgresConnection {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(configuration.options.connectTimeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(UnrequestedReadGuard())
                }
            }
            .connect(host: host, port: port).get()
        var established = PostgresConnection.Configuration(
            establishedChannel: channel, tls: configuration.tls, username: configuration.username,
            password: configuration.password, database: configuration.database)
        established.options = configuration.options
        // On the channel's own event loop, which postgres-nio requires of a channel it is handed.
        return try await PostgresConnection.connect(
            on: channel.eventLoop, configuration: established, id: id, logger: logger)
    }
}
#endif
