#if PostgreSQL
import Foundation
import Logging
import PostgresNIO
import PrefsCore
import Synchronization

/// The connections behind a ``PostgresStore``.
///
/// Queries and writes go through one connection, opened at the start and again, on the next call, after it drops.
/// Other clients' changes arrive through a second connection that listens on the table's channel while someone
/// listens (``PostgresStore/run()``); it reconnects after a server restart or a network drop, reads again the suites
/// held in memory, and reports what changed meanwhile.
///
/// Only the suites opened are held in memory, so that a command on one suite costs what that suite holds, whatever
/// the table's size; observing every suite holds them all.
final class PostgresSession: Sendable {
    struct State {
        /// The connection queries and writes go through.
        var connection: PostgresConnection?
        /// The listening connection, while it is up.
        var listener: PostgresConnection?
        /// Why the last connection attempt failed or the connection dropped.
        var problem: String?
        /// The suites held in memory.
        var suites: [String: [String: PropertyListValue]] = [:]
        /// Notices that came while a suite was being read, applied once it is in memory.
        var loading: [String: [String]] = [:]
        /// Whether every suite is held, for observers of every suite.
        var allLoaded = false
        var notifiers: [String: PersistentKeyValueChangeNotifier] = [:]
        /// Numbers of this instance's writes: the next one, those whose notice the listener applied before the write
        /// returned, and those the write applied before its notice came.
        var nextSequence = 0
        var noticedFirst: Set<Int> = []
        var appliedFirst: Set<Int> = []
        var resyncs = 0
        /// How many listen on the channel, and the task that does.
        var listeners = 0
        var listenTask: Task<Void, Never>?
        /// Whether the listener reported its connection lost, so that an outage is reported once.
        var reportedOutage = false
        /// Rows another client wrote in a shape this store cannot decode, by suite and key, with their JSON.
        var undecodable: [String: [String: String]] = [:]
    }

    let location: PostgresLocation
    let configuration: PostgresConnection.Configuration
    /// Opens every connection, the listener's too, through a pipeline that cannot crash on a lost server.
    let connector: PostgresConnector
    let statements: PostgresStatements
    /// Tells this store's own notices from others'.
    let instance = UUID().uuidString
    let changeNotifier = PersistentKeyValueChangeNotifier()
    let state = Mutex(State())
    let logger: Logger
    let timeout: Duration

    init(location: PostgresLocation, timeout: Duration) throws(PostgresStoreError) {
        self.location = location
        self.timeout = timeout
        var configuration = try location.configuration()
        let (seconds, attoseconds) = timeout.components
        configuration.options.connectTimeout = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        self.configuration = configuration
        connector = PostgresConnector(configuration: configuration, host: location.host, port: location.port)
        statements = PostgresStatements(table: location.table, channel: location.channel)
        var logger = Logger(label: "PrefsPostgres")
        // PostgresNIO logs every query at debug; an app that logs at debug wants its own queries, not ours.
        if logger.logLevel < .warning { logger.logLevel = .warning }
        self.logger = logger
    }

    /// Connects; the tables are created by the first query that finds them missing.
    ///
    /// - Throws: ``PostgresStoreError/unreachable(_:reason:)`` when the server cannot be reached in time.
    func start() throws(PostgresStoreError) {
        try withConnection { _ in }
    }

    /// Closes the connections and stops listening.
    func stop() {
        let (connection, listener, task) = state.withLock { state in
            defer {
                state.connection = nil
                state.listener = nil
                state.listenTask = nil
            }
            return (state.connection, state.listener, state.listenTask)
        }
        task?.cancel()
        if let connection { Task { try? await connection.close() } }
        if let listener { Task { try? await listener.close() } }
    }

    /// Runs work on the query connection, connecting first when there is none, and waits for it.
    ///
    /// - Parameter work: The work; it runs on the store's own threads, never on the caller's.
    /// - Returns: What the work returns.
    /// - Throws: ``PostgresStoreError/unreachable(_:reason:)`` when no connection can be made; the work's error,
    ///   described in one line as ``PostgresStoreError/failed(_:reason:)``, when it fails.
    func withConnection<Result: Sendable>(
        _ work: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) throws(PostgresStoreError) -> Result {
        let connection = try connected()
        do {
            return try Self.wait(deadline: location.answerDeadline) { [statements, logger, location] in
                do {
                    return try await work(connection)
                } catch let error as PSQLError where error.serverInfo?[.sqlState] == Self.lockNotAvailable {
                    let holder = try? await Self.lockHolder(statements, on: connection, logger: logger)
                    throw PostgresStoreError.timedOut(
                        "\(location)", what: "table \(statements.table) stayed locked", holder: holder,
                        timeout: location.lockTimeout, parameter: "lock_timeout")
                } catch let error as PSQLError
                    where error.serverInfo?[.sqlState] == Self.queryCanceled
                    && error.serverInfo?[.message]?.contains("statement timeout") == true
                {
                    // With both timeouts alike, the statement's may end a wait for a lock before the lock's does.
                    let holder = try? await Self.lockHolder(statements, on: connection, logger: logger)
                    throw PostgresStoreError.timedOut(
                        "\(location)",
                        what: holder == nil ? "a statement ran" : "table \(statements.table) stayed locked",
                        holder: holder, timeout: location.statementTimeout, parameter: "statement_timeout")
                } catch let error as PSQLError
                    where [Self.undefinedTable, Self.undefinedColumn, Self.undefinedFunction].contains(
                        error.serverInfo?[.sqlState])
                {
                    // The tables are created on first use rather than checked at every connection: a command line
                    // process connects for one query, and the check was a round trip of its own. Tables an earlier
                    // version created lack a newer column or function: added on first use, likewise. A failed
                    // statement changed nothing, so the work runs again whole.
                    if try await !Self.createTables(statements, on: connection, logger: logger) {
                        for statement in statements.upgradeTables {
                            try await Self.runTwice(statement, on: connection, logger: logger)
                        }
                    }
                    return try await work(connection)
                }
            }
        } catch {
            // A connection the server stopped answering on is given up: the next use connects again.
            if error is NoAnswer { Task { try? await connection.close() } }
            if connection.isClosed || error is NoAnswer {
                state.withLock { state in
                    if state.connection === connection { state.connection = nil }
                    state.problem = Self.reason(error)
                }
            }
            if let error = error as? PostgresStoreError { throw error }
            throw .failed("\(location)", reason: Self.reason(error))
        }
    }

    /// The query connection, opened when there is none or it closed.
    private func connected() throws(PostgresStoreError) -> PostgresConnection {
        if let connection = state.withLock({ $0.connection }), !connection.isClosed { return connection }
        let opened: PostgresConnection
        do {
            opened = try Self.wait(deadline: location.answerDeadline) { [connector, logger] in
                try await connector.connect(id: 1, logger: logger)
            }
        } catch {
            let reason = Self.reason(error)
            state.withLock { $0.problem = reason }
            throw .unreachable("\(location)", reason: reason)
        }
        let previous = state.withLock { state in
            defer {
                state.connection = opened
                state.problem = nil
            }
            return state.connection
        }
        if let previous { Task { try? await previous.close() } }
        return opened
    }

    /// PostgreSQL's code for a table that does not exist.
    static let undefinedTable = "42P01"
    /// PostgreSQL's code for a column that does not exist.
    static let undefinedColumn = "42703"
    /// The SQLSTATE of a call of a function that does not exist: the tables predate the trigger that journals
    /// another client's writes (``PostgresStatements/foreignWriteTrigger``).
    static let undefinedFunction = "42883"
    /// PostgreSQL's code for a lock not granted within `lock_timeout`.
    static let lockNotAvailable = "55P03"
    /// PostgreSQL's code for a statement cancelled, by `statement_timeout` among others.
    static let queryCanceled = "57014"

    /// The server process holding a lock on the store's tables, to name it when a statement gave up waiting.
    static func lockHolder(
        _ statements: PostgresStatements, on connection: PostgresConnection, logger: Logger
    ) async throws -> Int32? {
        for try await pid in try await connection.query(statements.lockHolder, logger: logger).decode(Int32.self) {
            return pid
        }
        return nil
    }

    /// Creates the tables unless they all exist, which one query tells.
    ///
    /// - Returns: Whether it created them, as this version makes them: otherwise they may be an earlier version's.
    @discardableResult
    static func createTables(
        _ statements: PostgresStatements, on connection: PostgresConnection, logger: Logger
    ) async throws -> Bool {
        for try await exists in try await connection.query(statements.tablesExist, logger: logger).decode(Bool.self)
        where exists {
            return false
        }
        for statement in statements.createTables { try await runTwice(statement, on: connection, logger: logger) }
        return true
    }

    /// Runs a statement that makes or mends the tables, and once more when it fails: two clients doing so at once,
    /// one of them loses the race on the catalog, and its second try finds the work done.
    static func runTwice(_ statement: PostgresQuery, on connection: PostgresConnection, logger: Logger) async throws {
        do {
            try await connection.query(statement, logger: logger)
        } catch {
            try await connection.query(statement, logger: logger)
        }
    }

    /// One line for a connection error (``PostgresErrorText``).
    static func reason(_ error: any Error) -> String {
        PostgresErrorText.reason(error)
    }

    /// Runs async work to its end from a synchronous caller, as the store protocol's reads and writes are, waiting at
    /// most until a deadline.
    ///
    /// - Parameters:
    ///   - deadline: How long to wait (``PostgresLocation/answerDeadline``): a server that stopped answering must end
    ///     the command with an error, never hold it for good.
    ///   - work: The work; cancelled when the deadline passes.
    /// - Returns: What the work returns.
    /// - Throws: The work's error, or ``NoAnswer`` when the deadline passed first: what the work sent may or may not
    ///   have been done.
    static func wait<Result: Sendable>(
        deadline: Duration, _ work: @escaping @Sendable () async throws -> Result
    ) throws -> Result {
        let outcome = Mutex<Swift.Result<Result, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = Task.detached(executorPreference: DispatchTaskExecutor.shared) {
            do {
                let value = try await work()
                outcome.withLock { $0 = .success(value) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
        let (seconds, attoseconds) = deadline.components
        let nanoseconds = Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000)
        guard done.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else {
            task.cancel()
            throw NoAnswer(after: deadline)
        }
        guard let result = outcome.withLock({ $0 }) else { throw CancellationError() }
        return try result.get()
    }

    /// The server did not answer within the deadline; its description is one line.
    struct NoAnswer: Error, CustomStringConvertible {
        let after: Duration
        var description: String { "no answer from the server within \(after.formatted(.units(allowed: [.seconds])))" }
    }
}
#endif
