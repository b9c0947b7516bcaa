import Foundation
import Logging
import PostgresNIO
import PrefsKit
import Synchronization

/// The connection behind a ``PostgresStore``: it connects, listens on the table's channel, keeps a snapshot of the
/// table, and reconnects after a server restart or a network drop, reading everything again.
///
/// One task runs the connection's life. Other threads read the snapshot under a lock, and write through the
/// connection while it is up; a write while it is down fails at once.
final class PostgresSession: Sendable {
    struct State {
        var connection: PostgresConnection?
        /// Why the last connection attempt failed or the connection dropped.
        var problem: String?
        var suites: [String: [String: PropertyListValue]] = [:]
        var notifiers: [String: PersistentKeyValueChangeNotifier] = [:]
        var attempts = 0
        /// Numbers of this instance's writes: the next one, those whose notice the listener applied before the write
        /// returned, and those the write applied before its notice came.
        var nextSequence = 0
        var noticedFirst: Set<Int> = []
        var appliedFirst: Set<Int> = []
        var resyncs = 0
        var stopped = false
    }

    let location: PostgresLocation
    let statements: PostgresStatements
    /// Tells this store's own notices from others'.
    let instance = UUID().uuidString
    let changeNotifier = PersistentKeyValueChangeNotifier()
    let state = Mutex(State())
    private let attempted = DispatchSemaphore(value: 0)
    private let task = Mutex<Task<Void, Never>?>(nil)
    let logger = Logger(label: "PrefsPostgres")

    init(location: PostgresLocation) {
        self.location = location
        statements = PostgresStatements(table: location.table, channel: location.channel)
    }

    /// Starts the connection's task and waits for its first attempt.
    ///
    /// - Throws: ``PostgresStoreError/unreachable(_:reason:)`` when the first attempt fails or takes too long.
    func start(timeout: Duration) throws(PostgresStoreError) {
        task.withLock { $0 = Task.detached(executorPreference: DispatchTaskExecutor.shared) { [self] in await run() } }
        let (seconds, attoseconds) = timeout.components
        let deadline =
            DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        let outcome = attempted.wait(timeout: deadline)
        let (connected, problem) = state.withLock { ($0.connection != nil, $0.problem) }
        guard outcome == .success, connected else {
            stop()
            throw .unreachable("\(location)", reason: problem ?? "no answer within \(timeout)")
        }
    }

    func stop() {
        let connection = state.withLock { state in
            state.stopped = true
            defer { state.connection = nil }
            return state.connection
        }
        task.withLock { $0?.cancel() }
        if let connection { Task { try? await connection.close() } }
    }

    /// Connects, listens, reads everything, then applies notices until the connection ends; then again, after a
    /// pause that grows up to two seconds, until stopped.
    private func run() async {
        var pause = Duration.milliseconds(50)
        while !Task.isCancelled, !state.withLock(\.stopped) {
            do {
                let connection = try await PostgresConnection.connect(
                    configuration: location.configuration, id: 1, logger: logger)
                defer { Task { try? await connection.close() } }
                try await createTable(on: connection)
                // Listening starts before the table is read, so that no change falls between the two.
                try await connection.listen(on: location.channel) { notices in
                    try await resync(on: connection)
                    state.withLock { state in
                        state.connection = connection
                        state.problem = nil
                        state.attempts += 1
                    }
                    attempted.signal()
                    pause = .milliseconds(50)
                    for try await notice in notices { try await apply(notice.payload, on: connection) }
                }
                state.withLock { $0.connection = nil }
            } catch {
                let reason = Self.reason(error)
                let first = state.withLock { state in
                    state.connection = nil
                    state.problem = reason
                    state.attempts += 1
                    return state.attempts == 1
                }
                if first { attempted.signal() }
            }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(2))
        }
    }

    private func createTable(on connection: PostgresConnection) async throws {
        do {
            try await connection.query(statements.createTable, logger: logger)
        } catch {
            // Two clients creating the table at once: one of them loses the race on the catalog, and the table exists.
            try await connection.query(statements.createTable, logger: logger)
        }
    }

    /// One line for a connection error: PostgreSQL's own message when there is one.
    static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            return "\(error.code)" + (error.underlying.map { ": \($0)" } ?? "")
        }
        return "\(error)"
    }
}
