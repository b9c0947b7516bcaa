import ArgumentParser
import PrefsTools

/// `prefs range SUITE KEY`: the values a key takes, like `gsettings range`.
struct RangeCommand: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "range", abstract: "Print what a key takes: enum CHOICES..., range TYPE MIN MAX, or type TYPE.")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: KeyArguments

    func perform() throws {
        let entry = try KeyDescription.entry(target.key, inSuite: target.suite, context: options.openContext())
        guard options.json else { return Output.lines(KeyDescription.rangeLines(entry)) }
        // The manifest's own members for what a key takes.
        Output.json(KeyDescription.jsonObject(entry).filter { ["storage", "choices", "range"].contains($0.key) })
    }
}
