#if PostgreSQL
import PrefsStoresPostgres
import PrefsTestHelpers

extension InProcessPrefs {
    /// `prefs` in this process with the PostgreSQL stores `prefs-postgres` has, as it runs once `prefs` hands a
    /// command line over (the handover itself is tested with real processes, in PostgresHandoverTests).
    ///
    /// - Returns: A runner in folders of its own.
    /// - Throws: When its temporary folder cannot be made.
    static func withPostgres() throws -> InProcessPrefs {
        PostgresStores.install()
        return try InProcessPrefs()
    }
}

/// A table of a test's own on the shared server, and a runner of `prefs` on it.
struct PostgresScratch {
    let server: PostgresServer
    let table: String
    /// The store's URL, naming the table.
    let url: String
    let cli: InProcessPrefs

    /// - Parameter prefix: What the table's name starts with.
    /// - Throws: When there is no server (which fails the test), or the runner's folder cannot be made.
    init(_ prefix: String) throws {
        server = try PostgresServer.require()
        table = PostgresServer.uniqueTable(prefix)
        url = server.url(table: table)
        cli = try InProcessPrefs.withPostgres()
    }
}
#endif
