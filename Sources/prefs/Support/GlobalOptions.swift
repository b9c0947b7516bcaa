import ArgumentParser
import Foundation
import PrefsStores
import PrefsTools

/// The options every subcommand takes.
struct GlobalOptions: ParsableArguments {
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

    @Flag(help: "Print JSON instead of text.")
    var json = false

    /// Opens what the command works on: the PostgreSQL store named, else the configuration directory.
    ///
    /// A function, not a property, because each call opens a store (a PostgreSQL connection): a command calls it once.
    func openContext() -> ToolContext { StoreResolver.context(configDirectory: configDirectory, storeURL: store) }

    /// The configuration directory, absolute and standardized.
    var configDirectory: URL { Self.configDirectory(configDir) }

    /// The configuration directory `--config-dir` names, or the default one.
    static func configDirectory(_ configDir: String?) -> URL {
        StoreResolver.configDirectory(configDir)
    }

    /// The global options that take a value.
    static let valued = ["--config-dir", "--store"]

    /// Moves global options written before the subcommand to just after it, so that `prefs --store URL read …`
    /// works as `prefs read --store URL …` does; argument-parser only reads a subcommand's options after its name.
    ///
    /// - Parameter arguments: The arguments after the program's name.
    /// - Returns: The arguments with leading `--config-dir DIR`, `--store URL` and `--json` moved after the
    ///   subcommand's path.
    static func hoisted(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--json" {
                leading.append(arguments[index])
                index += 1
            } else if valued.contains(arguments[index]), index + 1 < arguments.count {
                leading += arguments[index...(index + 1)]
                index += 2
            } else if valued.contains(where: { arguments[index].hasPrefix($0 + "=") }) {
                leading.append(arguments[index])
                index += 1
            } else {
                break
            }
        }
        guard !leading.isEmpty, index < arguments.count else { return arguments }
        var rest = Array(arguments[index...])
        // `schema` is the one command with subcommands; its options belong to `schema list|show|install`.
        let path = rest.first == "schema" && rest.count > 1 && !rest[1].hasPrefix("-") ? 2 : 1
        rest.insert(contentsOf: leading, at: path)
        return rest
    }
}
