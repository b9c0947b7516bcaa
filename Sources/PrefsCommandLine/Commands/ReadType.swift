import ArgumentParser
import PrefsTools

/// `prefs read-type SUITE KEY`: the type of the value `prefs read` prints, like `defaults read-type`.
struct ReadType: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "read-type",
        abstract: "Print the type of a key's value (string, int, float, bool, date, data...).",
        discussion: """
            A key that is not stored has its schema default's type, which is what `prefs read` prints. Where the \
            schema declares a type that says more, it follows in parentheses: `string (GVariant s)` for a GSettings \
            key, `array (StringList)` for a KDE one.
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: KeyArguments

    func perform() throws {
        let name = try SuiteListing.typeDescription(
            of: target.key, inSuite: target.suite, context: options.openContext())
        options.json ? Output.json(name) : Output.line(name)
    }
}
