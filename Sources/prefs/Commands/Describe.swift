import ArgumentParser
import PrefsTools

/// `prefs describe SUITE KEY`: what the suite's schema says about a key, like `gsettings describe`.
struct Describe: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe", abstract: "Describe a key from the schema: summary, type, default and allowed values.")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: KeyArguments

    func perform() throws {
        let context = options.openContext()
        let entry = try KeyDescription.entry(target.key, inSuite: target.suite, context: context)
        let format = KeyDescription.format(ofSuite: target.suite, context: context)
        if options.json {
            var object = KeyDescription.jsonObject(entry)
            object["format"] = format?.name
            Output.json(object, pretty: true)
        } else {
            Output.lines(KeyDescription.lines(entry) + (format.map { ["file: \($0.description)"] } ?? []))
        }
    }
}
