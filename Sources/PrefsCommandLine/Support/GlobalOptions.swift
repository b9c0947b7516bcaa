import ArgumentParser
import PrefsTools

/// The options every subcommand that prints takes: the store, and JSON instead of text.
///
/// The editor takes ``StoreOptions`` alone: it draws on the terminal, and a `--json` in its help would promise what it
/// refuses.
struct GlobalOptions: ParsableArguments {
    @OptionGroup var storeOptions: StoreOptions
    @Flag(help: "Print JSON instead of text.") var json = false

    /// The directory holding the suites, as `--config-dir` names it.
    var configDir: String? { storeOptions.configDir }
    /// The PostgreSQL store, as `--store` names it.
    var store: String? { storeOptions.store }

    /// Opens what the command works on: the PostgreSQL store named, else the configuration directory.
    ///
    /// - Returns: The context of the store chosen.
    func openContext() -> ToolContext { storeOptions.openContext() }
}
