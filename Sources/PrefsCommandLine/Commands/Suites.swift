import ArgumentParser
import PrefsTools

/// `prefs suites`: one suite name per line.
struct Suites: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "suites", abstract: "List the suites: those holding keys and those a schema declares.",
        discussion: "The editor lists the same suites.")

    @OptionGroup var options: GlobalOptions

    func perform() throws {
        let names = try options.openContext().suiteNames()
        options.json ? Output.json(names) : Output.lines(names.map(ValueText.key))
    }
}
