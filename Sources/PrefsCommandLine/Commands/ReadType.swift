import ArgumentParser
import PrefsTools

/// `prefs read-type SUITE KEY`: the type of the value `prefs read` prints, like `defaults read-type`.
struct ReadType: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "read-type",
        abstract: "Print the type of a key's value (string, int, float, bool, date, data...).",
        discussion: "A key that is not stored has its schema default's type, which is what `prefs read` prints.")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: KeyArguments

    func perform() throws {
        let (value, _, _) = try SuiteListing.value(
            of: target.key, inSuite: target.suite, context: options.openContext())
        let name = ValueText.typeName(of: value)
        options.json ? Output.json(name) : Output.line(name)
    }
}
