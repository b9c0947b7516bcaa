public import PrefsKit
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
    /// A lost connection does not end it: the listener reconnects, and observers are told of the outage.
    public func run() async throws {
        let token = startListening()
        defer { token.cancel() }
        let (never, continuation) = AsyncStream.makeStream(of: Never.self)
        // The loop ends when the task is cancelled: an `AsyncStream` iterator returns `nil` then.
        for await _ in never.cancelOnGracefulShutdown() {}
        continuation.finish()
    }
}
