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
        help: ArgumentHelp("The store to work on (or set PREFS_STORE): \(StoreKind.help).", valueName: "store"),
        completion: .list(StoreKind.words))
    var store: String?

    /// Opens what the command works on: the store `--store` (else `PREFS_STORE`) names, else the configuration
    /// directory.
    ///
    /// A function, not a property, because each call opens a store (a PostgreSQL connection): a command calls it once.
    ///
    /// - Returns: The context of the store chosen.
    func openContext() -> ToolContext { StoreResolver.context(configDir: configDir, storeURL: store) }
}
