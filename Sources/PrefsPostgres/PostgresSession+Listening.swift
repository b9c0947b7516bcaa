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
    /// Then it starts again, after a pause that grows up to two seconds, until cancelled. A lost connection is
    /// reported to observers once per outage.
    private func listen(firstAttempt: DispatchSemaphore) async {
        var pause = Duration.milliseconds(50)
        var signalled = false
        while !Task.isCancelled {
            do {
                let connection = try await connector.connect(id: 2, logger: logger)
                defer { Task { try? await connection.close() } }
                try await Self.createTables(statements, on: connection, logger: logger)
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
                    pause = .milliseconds(50)
                    for try await notice in notices { try await apply(notice.payload, on: connection) }
                    if !Task.isCancelled { throw PostgresStoreError.failed("\(location)", reason: "the server closed") }
                }
                state.withLock { $0.listener = nil }
            } catch {
                guard !Task.isCancelled else { break }
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
                    if !signalled { firstAttempt.signal() }
                    break
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
                if !signalled {
                    signalled = true
                    firstAttempt.signal()
                }
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
