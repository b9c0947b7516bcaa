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
