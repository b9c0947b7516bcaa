import ArgumentParser
import PrefsTools

/// `prefs export SUITE`: the stored values as a property list or JSON.
struct Export: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write a suite's values as an XML property list, typed JSON or plain JSON.",
        discussion: CommandHelp.export)

    @OptionGroup var options: SuiteOptions
    @Flag(help: "Show the values of keys the schema marks secret, rather than \(Secrets.mask).") var reveal = false
    @Option(help: "plist, binary (property lists), typed-json or json (default: plist; typed-json with --json).")
    var format: SuiteDocument.Format?
    @Option(name: [.customShort("o"), .long], help: "Write to this file, not standard output.") var output: String?
    @Flag(help: "Write every effective value (system layers, locks, defaults), not only the user's.")
    var effective = false

    func perform() throws {
        let chosen = format ?? (options.json ? .typedJSON : .plist)
        let data = try SuiteTransfer.export(
            options.suite, as: chosen, effective: effective, in: options.openContext())
        try Output.write(data, toFile: output)
    }
}
