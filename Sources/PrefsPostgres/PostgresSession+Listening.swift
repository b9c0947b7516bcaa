#if PostgreSQL
import Foundation
import PostgresNIO
import PrefsCore
import Synchronization

extension PostgresSession {
    /// Starts listening on the table's channel, unless someone already does, and for a synchronous caller waits for
    /// the first attempt, so that changes made right after are heard.
    ///
    /// - Parameter waiting: Whether to wait for the first attempt; ``PostgresStore/run()`` does not block a thread.
    /// - Returns: A token; listening stops when the last one is cancelled or released.
    func startListening(waiting: Bool = true) -> PersistentKeyValueObservation {
        let started = DispatchSemaphore(value: 0)
        let first = state.withLock { state in
            state.listeners += 1
            guard state.listeners == 1 else { return false }
            state.listenTask = Task.detached(executorPreference: DispatchTaskExecutor.shared) { [self] in
                await listen(firstAttempt: started)
            }
            return true
        }
        if first && waiting {
            _ = started.wait(timeout: .now() + .milliseconds(Int(timeout.components.seconds) * 1000))
        }
        return PersistentKeyValueObservation { [weak self] in
            guard let self else { return }
            let (task, listener) = state.withLock { state -> (Task<Void, Never>?, PostgresConnection?) in
                state.listeners -= 1
                guard state.listeners == 0 else { return (nil, nil) }
                defer {
                    state.listenTask = nil
                    state.listener = nil
                }
                return (state.listenTask, state.listener)
            }
            task?.cancel()
            if let listener { Task { try? await listener.close() } }
        }
    }

    /// Connects, listens, reads again the suites in memory, then applies notices until the connection ends.
    ///
    /// Then it starts again, as ``reconnecting(id:_:failed:)`` does, until cancelled. A lost connection is reported
    /// to observers once per outage.
    private func listen(firstAttempt: DispatchSemaphore) async {
        var signalled = false
        await reconnecting(id: 2) { connection, connected in
            // Listening starts before the suites are read again, so that no change falls between the two.
            try await connection.listen(on: location.channel) { notices in
                try await resync(on: connection)
                let recovered = state.withLock { state in
                    state.listener = connection
                    state.problem = nil
                    defer { state.reportedOutage = false }
                    return state.reportedOutage
                }
                if recovered { logger.info("listening on \(location) again") }
                if !signalled {
                    signalled = true
                    firstAttempt.signal()
                }
                connected()
                for try await notice in notices { try await apply(notice.payload, on: connection) }
                if !Task.isCancelled { throw PostgresStoreError.failed("\(location)", reason: "the server closed") }
            }
            state.withLock { $0.listener = nil }
        } failed: { error in
            defer {
                if !signalled {
                    signalled = true
                    firstAttempt.signal()
                }
            }
            let reason = Self.reason(error)
            if Self.isRefusal(error) {
                // Trying again would be refused again: listening stops, and ``PostgresStore/run()`` throws.
                state.withLock { state in
                    state.listener = nil
                    state.problem = reason
                }
                let problem = PostgresStoreError.refused("\(location)", reason: reason)
                logger.error("\(problem)")
                changeNotifier.report(problem)
                return false
            }
            let report = state.withLock { state in
                state.listener = nil
                state.problem = reason
                defer { state.reportedOutage = true }
                return !state.reportedOutage
            }
            if report {
                let problem = PostgresStoreError.unreachable(
                    "\(location)", reason: "\(reason); other clients' changes are not seen until it is back")
                logger.warning("\(problem)")
                changeNotifier.report(problem)
            }
            return true
        }
    }

    /// Runs `session` on a connection of its own, and on a new one each time it ends, after a pause that grows from
    /// 50 ms up to two seconds, until the task is cancelled: how the listeners live through a server's restarts.
    ///
    /// - Parameters:
    ///   - id: The connection's number in the logs.
    ///   - session: What to do on a connection, until it ends; it calls `connected` once it is listening, which
    ///     brings the pause back to 50 ms.
    ///   - failed: Told why an attempt failed (not when cancelled); returns whether to try again.
    func reconnecting(
        id: Int, _ session: (PostgresConnection, _ connected: () -> Void) async throws -> Void,
        failed: (any Error) -> Bool
    ) async {
        var pause = Duration.milliseconds(50)
        while !Task.isCancelled {
            do {
                let connection = try await connector.connect(id: id, logger: logger)
                defer { Task { try? await connection.close() } }
                try await Self.createTables(statements, on: connection, logger: logger)
                try await session(connection) { pause = .milliseconds(50) }
            } catch {
                guard !Task.isCancelled, failed(error) else { break }
            }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(2))
        }
    }

    /// Whether the server refused this client for good: PostgreSQL's classes 28 (authorization) and 3D (no such
    /// database), and a missing privilege (42501).
    static func isRefusal(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] else { return false }
        return state.hasPrefix("28") || state.hasPrefix("3D") || state == "42501"
    }
}
#endif
