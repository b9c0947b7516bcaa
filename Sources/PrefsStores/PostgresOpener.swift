public import PrefsTools
import Synchronization

/// How this program opens the PostgreSQL stores `--store` and `PREFS_STORE` name, if it can.
///
/// PostgresNIO brings the whole of Foundation, and ICU's data, into any program that links it, so `prefs` does not:
/// it hands a command that names a PostgreSQL store to `prefs-postgres`, which installs its opener here
/// (PrefsStoresPostgres) before it reads its command line. A program that installs none refuses such stores with
/// its reason.
public enum PostgresOpener {
    private static let installed = Mutex<(opener: (@Sendable (String) -> ToolContext)?, absence: String)>(
        (nil, "this program has no PostgreSQL store"))

    /// Makes `opener` open every PostgreSQL store this process resolves from now on.
    ///
    /// - Parameter opener: Makes the context of the store a URL names; nothing is connected until the context is
    ///   used.
    public static func install(_ opener: @escaping @Sendable (String) -> ToolContext) {
        installed.withLock { $0.opener = opener }
    }

    /// Says why this program cannot open PostgreSQL stores, in the error every use of one gives.
    ///
    /// - Parameter reason: One line, such as where the program that can was looked for.
    public static func refuse(saying reason: String) {
        installed.withLock { $0.absence = reason }
    }

    /// The context of a URL's store, or `nil` when no opener is installed.
    static func context(_ url: String) -> ToolContext? {
        installed.withLock { $0.opener }.map { $0(url) }
    }

    /// Why PostgreSQL stores cannot be opened here.
    static var absence: String { installed.withLock { $0.absence } }
}
