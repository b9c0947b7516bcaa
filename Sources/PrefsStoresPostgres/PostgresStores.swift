import PrefsCore
import PrefsFileStore
import PrefsStores

#if PostgreSQL
import PrefsPostgres
public import PrefsTools
#else
import PrefsTools
#endif

/// The PostgreSQL stores of `prefs-postgres`, kept out of `prefs` itself (see ``PrefsStores/PostgresOpener``).
public enum PostgresStores {
    /// Makes ``PrefsStores/StoreResolver`` open the PostgreSQL stores URLs name in this process; calling it again
    /// changes nothing.
    public static func install() {
        #if PostgreSQL
        PostgresOpener.install(context(url:))
        #else
        PostgresOpener.refuse(
            saying: "this prefs was built without PostgreSQL (build it with swift build --traits PostgreSQL)")
        #endif
    }

    #if PostgreSQL

    /// The context of the store a URL names: one connection, opened when the command first uses it and shared by
    /// everything it does.
    ///
    /// - Parameter url: `postgres://user@host:port/database`, optionally `?table=NAME` and `sslmode=`.
    /// - Returns: The context, whose location hides the URL's password.
    public static func context(url: String) -> ToolContext {
        let description = (try? PostgresLocation(url)).map { "\($0)" } ?? URLPassword.hidden(in: url)
        let connection = SharedConnection(url: url)
        return ToolContext(
            locationDescription: description,
            open: { _ in try connection.store() }, schemas: { try connection.store().schemaSource })
    }
    #endif
}
