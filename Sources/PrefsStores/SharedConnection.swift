import PrefsKit
import PrefsPostgres
import Synchronization

/// The one PostgreSQL connection a command's context shares, opened on first use.
final class SharedConnection: Sendable {
    private let url: String
    private let opened = Mutex<PostgresStore?>(nil)

    init(url: String) {
        self.url = url
    }

    /// The store, connected once.
    ///
    /// - Throws: ``PrefsPostgres/PostgresStoreError`` for a bad URL or an unreachable server.
    func store() throws -> any SuiteStore {
        try opened.withLock { store throws(PostgresStoreError) in
            if let store { return store }
            let connected = try PostgresStore(url: url)
            store = connected
            return connected
        }
    }
}
