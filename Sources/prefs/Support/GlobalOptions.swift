import ArgumentParser
import Foundation
import PrefsFileStore

/// The options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .customLong("config-dir"),
        help: ArgumentHelp(
            "The directory holding the suites (default: $XDG_CONFIG_HOME, else ~/.config).", valueName: "dir"))
    var configDir: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    /// The configuration directory, absolute and standardized.
    var configDirectory: URL { Self.configDirectory(configDir) }

    /// The configuration directory `--config-dir` names, or the default one.
    static func configDirectory(_ configDir: String?) -> URL {
        let url = configDir.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? XDGDirectories.configHome()
        return url.standardizedFileURL
    }
}
