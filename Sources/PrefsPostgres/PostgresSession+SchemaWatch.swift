#if PostgreSQL
import Foundation
import PostgresNIO
import PrefsCore

extension PostgresSession {
    /// Listens for schemas installed or removed, by any client, on a connection of its own, until cancelled.
    ///
    /// A lost connection is tried again, after a pause that grows up to two seconds, as the changes' listener does;
    /// a schema changed while it was gone is not announced again, and shows at the editor's next reload. A server
    /// that refuses this client ends the watch, through `onProblem`.
    ///
    /// - Parameters:
    ///   - onChange: Called, on the watch's thread, with the suite whose schema changed.
    ///   - onProblem: Called once when the watch stops for good.
    /// - Returns: The watch; it ends when cancelled or released. A synchronous caller's watch is listening, or has
    ///   failed its first attempt, when this returns.
    func watchSchemas(
        onChange: @escaping @Sendable (Set<String>) -> Void, onProblem: @escaping @Sendable (any Error) -> Void
    ) -> PersistentKeyValueObservation {
        let started = DispatchSemaphore(value: 0)
        let task = Task.detached(executorPreference: DispatchTaskExecutor.shared) { [self] in
            var signalled = false
            await reconnecting(id: 3) { connection, connected in
                try await connection.listen(on: statements.schemaChannel) { notices in
                    if !signalled {
                        signalled = true
                        started.signal()
                    }
                    connected()
                    for try await notice in notices { onChange([notice.payload]) }
                }
            } failed: { error in
                if !signalled {
                    signalled = true
                    started.signal()
                }
                guard Self.isRefusal(error) else { return true }
                onProblem(PostgresStoreError.refused("\(location)", reason: Self.reason(error)))
                return false
            }
        }
        _ = started.wait(timeout: .now() + .milliseconds(Int(timeout.components.seconds) * 1000))
        return PersistentKeyValueObservation { task.cancel() }
    }
}
#endif
