#if PostgreSQL
import PrefsCore
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
    /// A command connects at once, rather than at its first query as the store itself would: an unreachable server
    /// is then the command's one error, before it prints or draws anything.
    ///
    /// - Throws: ``PrefsPostgres/PostgresStoreError`` for a bad URL or an unreachable server.
    func store() throws -> any SuiteStore {
        try opened.withLock { store throws(PostgresStoreError) in
            if let store { return store }
            let connected = try PostgresStore(url: url)
            try connected.connect()
            store = connected
            return connected
        }
    }
}
#endif
