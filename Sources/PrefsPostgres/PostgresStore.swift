#if PostgreSQL
import PostgresNIO
public import PrefsCore
import Synchronization

/// Preferences in a PostgreSQL table, shared by every client of the server, each seeing the others' writes as they
/// commit.
///
/// ```swift
/// let store = try PostgresStore(url: "postgres://prefs@db.example.com/prefs?sslmode=verify-full")
/// let suite = try store.suite("com.example.app")   // reads this suite only
/// suite.set(.theme, to: .dark)                     // one statement: value, history row, notice
/// try await store.run()                            // others' changes arrive while this runs
/// ```
///
/// A suite is read when it is opened, and kept current from the table's notices while ``run()`` runs (or a
/// ``startListening()`` token is held). Each write is one statement that changes the values, records them in the
/// history table and announces them with `NOTIFY`; every listening store applies the values announced and reports
/// them, with the writer's host and pid. After a server restart or a network drop the listener reconnects by itself,
/// reads the suites it holds again, and reports what changed meanwhile; observers are told of the outage.
public final class PostgresStore: Sendable {
    let session: PostgresSession

    /// Where the store is.
    public var location: PostgresLocation { session.location }

    /// A store on a table, not connected yet: the first read or write connects, and ``run()`` listens.
    ///
    /// Nothing starts here, as in postgres-nio's `PostgresClient`: the table and the tables beside it are created by
    /// the first query that finds them missing, and no suite is read yet. ``connect()`` checks the server at once.
    ///
    /// - Parameters:
    ///   - location: The server, database and table.
    ///   - timeout: How long to wait for a connection.
    /// - Throws: ``PostgresStoreError/badLocation(_:reason:)`` for settings the connection cannot use.
    public init(_ location: PostgresLocation, timeout: Duration = .seconds(5)) throws(PostgresStoreError) {
        session = try PostgresSession(location: location, timeout: timeout)
    }

    /// Connects now rather than at the first read, to learn at once whether the server can be reached.
    ///
    /// - Throws: ``PostgresStoreError/unreachable(_:reason:)`` when the server cannot be reached in time.
    public func connect() throws(PostgresStoreError) {
        try session.start()
    }

    /// A store on the table a `postgres://` URL names, not connected yet.
    ///
    /// - Parameters:
    ///   - url: The URL, as ``PostgresLocation/init(_:)`` reads it.
    ///   - timeout: How long to wait for a connection.
    /// - Throws: ``PostgresStoreError`` for a bad URL or an unreachable server.
    public convenience init(url: String, timeout: Duration = .seconds(5)) throws(PostgresStoreError) {
        try self.init(try PostgresLocation(url), timeout: timeout)
    }

    deinit {
        session.stop()
    }

    /// A suite of the table, read from the server the first time it is opened.
    ///
    /// - Parameter name: The suite's name, as ``/PrefsCore/SuiteNaming`` allows.
    /// - Returns: The suite.
    /// - Throws: ``PostgresStoreError`` for an invalid name, or when the suite cannot be read.
    public func suite(_ name: String) throws(PostgresStoreError) -> PostgresSuite {
        try Self.validate(name)
        try session.load(name)
        return PostgresSuite(name: name, store: self)
    }

    /// The suites that hold at least one key, sorted.
    ///
    /// - Throws: ``PostgresStoreError`` when the table cannot be read.
    public func suiteNames() throws(PostgresStoreError) -> [String] {
        try session.withConnection { [session] connection in
            var names: [String] = []
            let query = session.statements.selectSuiteNames
            for try await name in try await connection.query(query, logger: session.logger).decode(String.self) {
                names.append(name)
            }
            return names
        }
    }

    /// Whether the store can reach the server now: the listener is connected while someone listens, else the
    /// connection queries go through is open.
    public var isConnected: Bool {
        session.state.withLock { state in
            state.listeners > 0 ? state.listener != nil : state.connection.map { !$0.isClosed } ?? false
        }
    }

    /// How many times the listener has read its suites again: once when it starts, then after each reconnection.
    public var resyncCount: Int { session.state.withLock(\.resyncs) }

    /// Starts listening for other clients' changes until the returned token is cancelled or released; prefer
    /// ``run()`` in async code.
    ///
    /// It waits for the first connection attempt, so that a change committed after it returns is seen.
    ///
    /// - Returns: The token; listening stops when the last one goes.
    public func startListening() -> PersistentKeyValueObservation {
        session.startListening()
    }

    /// Observes every change to every suite, this process's and other clients', reading every suite into memory
    /// first so that each change carries its old value.
    ///
    /// - Parameters:
    ///   - handler: Called with each batch of changes.
    ///   - onProblem: Called when the listener loses the server, with the reason.
    /// - Returns: The observation.
    public func addObserver(
        _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)? = nil
    ) -> PersistentKeyValueObservation {
        let observation = session.changeNotifier.addObserver(handler, onProblem: onProblem)
        do {
            try session.loadAll()
        } catch {
            onProblem?(error)
        }
        return observation
    }

    /// Observes every change to some suites, this process's and other clients', reading only those suites into
    /// memory first so that each change carries its old value.
    ///
    /// - Parameters:
    ///   - suites: The suites' names.
    ///   - handler: Called with each batch of changes to them.
    ///   - onProblem: Called when the listener loses the server, or a suite cannot be read, with the reason.
    /// - Returns: The observation.
    public func addObserver(
        ofSuites suites: Set<String>, _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)? = nil
    ) -> PersistentKeyValueObservation {
        let observation = session.changeNotifier.addObserver(
            { changes in
                let kept = changes.filter { $0.suite.map(suites.contains) ?? false }
                if !kept.isEmpty { handler(kept) }
            }, onProblem: onProblem)
        for suite in suites.sorted() {
            do {
                try Self.validate(suite)
                try session.load(suite)
            } catch {
                onProblem?(error)
            }
        }
        return observation
    }

    /// Checks a name against the rule every store keeps (``PrefsCore/SuiteNaming``), so that a suite moves between
    /// this store and a file store under its own name.
    static func validate(_ name: String) throws(PostgresStoreError) {
        if let reason = SuiteNaming.problem(with: name) { throw .invalidSuiteName(name, reason: reason) }
    }
}
#endif
