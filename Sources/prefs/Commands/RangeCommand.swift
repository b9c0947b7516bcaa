import ArgumentParser
import PrefsTools

/// `prefs range SUITE KEY`: the values a key takes, like `gsettings range`.
struct RangeCommand: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "range",
        abstract: "Print the values a key takes: enum and its choices, range TYPE MIN MAX, or type TYPE.")

    @OptionGroup var options: GlobalOptions

    @OptionGroup var target: KeyArguments

    func perform() throws {
        let entry = try KeyDescription.entry(target.key, inSuite: target.suite, context: options.context)
        guard options.json else { return Output.lines(KeyDescription.rangeLines(entry)) }
        let object = KeyDescription.jsonObject(entry)
        Output.json(["type": object["type"] ?? "", "choices": object["choices"] ?? [], "range": object["range"] ?? []])
    }
}
