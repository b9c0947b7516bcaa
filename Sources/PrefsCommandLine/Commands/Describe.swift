import ArgumentParser
import PrefsTools

/// `prefs describe SUITE KEY`: what the suite's schema says about a key, like `gsettings describe`.
struct Describe: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe", abstract: "Describe a key from the schema: summary, type, default and allowed values.")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: KeyArguments

    func perform() throws {
        try KeyDescription.print(target.key, inSuite: target.suite, json: options.json, in: options.openContext())
    }
}
