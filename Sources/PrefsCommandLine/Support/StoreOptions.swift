import ArgumentParser
import PrefsStores
import PrefsTools

/// The options that choose the store: every subcommand takes them, the editor's included.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .customLong("config-dir"),
        help: ArgumentHelp(
            "The directory holding the suites (default: $XDG_CONFIG_HOME, else ~/.config).", valueName: "dir"))
    var configDir: String?
    @Option(
        help: ArgumentHelp(
            "A PostgreSQL store instead of the configuration directory (or set PREFS_STORE): "
                + "postgres://user@host:port/database, optionally ?table=NAME.", valueName: "url"))
    var store: String?

    /// Opens what the command works on: the PostgreSQL store named, else the configuration directory.
    ///
    /// A function, not a property, because each call opens a store (a PostgreSQL connection): a command calls it once.
    ///
    /// - Returns: The context of the store chosen.
    func openContext() -> ToolContext { StoreResolver.context(configDir: configDir, storeURL: store) }
}
