import ArgumentParser
import PrefsTools

/// `prefs dump`: every suite as one typed JSON document, like `dconf dump /`.
struct Dump: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump", abstract: "Write every suite's values as one typed JSON document, for `prefs load`.",
        discussion: """
            The document is {"format": "prefs-typed-json/1", "suites": {SUITE: {KEY: {"int": 3}, ...}, ...}}. \
            --non-default leaves out values equal to their schema default, keys a schema marks volatile and suites \
            left empty, for a configuration kept in git.
            """)

    @OptionGroup var options: GlobalOptions
    @Flag(help: "Show the values of keys the schema marks secret, rather than \(Secrets.mask).") var reveal = false
    @Flag(name: .customLong("non-default"), help: "Leave out defaults and volatile keys.") var nonDefault = false
    @Option(name: [.customShort("o"), .long], help: "Write to this file, not standard output.") var output: String?

    func perform() throws {
        let data = try ConfigurationDump.dump(nonDefault: nonDefault, in: options.openContext())
        try Output.write(data, toFile: output)
    }
}
