public import PrefsKit

/// Preferences in a PostgreSQL table, shared by every client of the server, each seeing the others' writes as they
/// commit.
///
/// Reads come from a snapshot of the table kept in memory. Writes run as one transaction each and are announced with
/// `NOTIFY`; every store listening on the table reads the keys named and reports what changed, with the writer's host
/// and pid. After a server restart or a network drop the store reconnects by itself and reads the whole table again,
/// reporting what changed meanwhile; a write made while it is disconnected fails with an error saying so.
public final class PostgresStore: Sendable {
    let session: PostgresSession

    /// Where the store is.
    public var location: PostgresLocation { session.location }

    /// Connects to a table, creating it if needed, and reads it.
    ///
    /// - Parameters:
    ///   - location: The server, database and table.
    ///   - timeout: How long to wait for the first connection.
    /// - Throws: ``PostgresStoreError/unreachable(_:reason:)`` when the server cannot be reached in time.
    public init(_ location: PostgresLocation, timeout: Duration = .seconds(5)) throws(PostgresStoreError) {
        session = PostgresSession(location: location)
        try session.start(timeout: timeout)
    }

    /// Connects to the store a `postgres://` URL names.
    ///
    /// - Parameters:
    ///   - url: The URL, as ``PostgresLocation/init(_:)`` reads it.
    ///   - timeout: How long to wait for the first connection.
    /// - Throws: ``PostgresStoreError`` for a bad URL or an unreachable server.
    public convenience init(url: String, timeout: Duration = .seconds(5)) throws(PostgresStoreError) {
        try self.init(try PostgresLocation(url), timeout: timeout)
    }

    deinit {
        session.stop()
    }

    /// A suite of the table.
    public func suite(_ name: String) -> PostgresSuite {
        PostgresSuite(name: name, store: self)
    }

    /// The suites that hold at least one key.
    public func suiteNames() -> [String] {
        session.state.withLock { $0.suites.filter { !$0.value.isEmpty }.keys.sorted() }
    }

    /// Whether the store is connected now; while it is not, reads return the last snapshot and writes fail.
    public var isConnected: Bool { session.state.withLock { $0.connection != nil } }

    /// How many times the whole table has been read: once at the start, then after each reconnection.
    public var resyncCount: Int { session.state.withLock(\.resyncs) }

    /// Observes every change to every suite, this process's and other clients'.
    public func addObserver(_ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void)
        -> PersistentKeyValueObservation
    {
        session.changeNotifier.addObserver(handler)
    }
}
