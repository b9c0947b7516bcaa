import ArgumentParser
import PrefsTools

/// `prefs suites`: one suite name per line.
struct Suites: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "suites", abstract: "List the suites in the configuration directory.")

    @OptionGroup var options: GlobalOptions

    func perform() throws {
        let names = try options.context.store(creating: false)?.listSuites() ?? []
        options.json ? Output.json(names) : Output.lines(names.map(ValueText.key))
    }
}
