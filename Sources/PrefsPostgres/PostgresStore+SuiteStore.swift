#if PostgreSQL
public import PrefsCore
import ServiceLifecycle

extension PostgresStore: SuiteStore {
    public var locationDescription: String { "\(location)" }

    /// The schemas kept in the database.
    public var schemaSource: any PreferenceSchemaSource { PostgresSchemas(store: self) }

    public func listSuites() throws -> [String] {
        try suiteNames()
    }

    public func anySuite(_ name: String) throws -> any PersistentKeyValueStore {
        try suite(name)
    }

    /// Listens for other clients' changes until the task is cancelled or a graceful shutdown begins.
    ///
    /// Nothing listens before: the connection and the listener start here, on the caller's task, which no semaphore
    /// blocks. A lost connection does not end it: the listener reconnects, and observers are told of the outage.
    ///
    /// - Throws: ``PostgresStoreError/refused(_:reason:)`` when the server refuses this client for good (a wrong
    ///   password, a database that does not exist); observers are told first.
    public func run() async throws {
        let (refusals, continuation) = AsyncStream.makeStream(of: PostgresStoreError.self)
        let observation = session.changeNotifier.addObserver(
            { _ in },
            onProblem: { problem in
                if let problem = problem as? PostgresStoreError, case .refused = problem { continuation.yield(problem) }
            })
        defer { observation.cancel() }
        let token = session.startListening(waiting: false)
        defer { token.cancel() }
        // The loop ends when the task is cancelled: an `AsyncStream` iterator returns `nil` then.
        for await refusal in refusals.cancelOnGracefulShutdown() { throw refusal }
    }
}
#endif
