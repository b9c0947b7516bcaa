import ArgumentParser
import PrefsTools

/// `prefs find TEXT`: keys, values, summaries and descriptions that match, across suites.
struct Find: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Find keys whose name, value, summary or description holds some text, in every suite.",
        discussion: """
            Matching ignores case. Keys a schema declares but no suite stores are searched too. A suite that cannot \
            be read is named on standard error, after the matches in the others, and the exit status is 1.
            """)

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Show the values of keys the schema marks secret, rather than \(Secrets.mask).")
    var reveal = false

    @Argument(help: "The text to look for.")
    var text: String

    func perform() throws {
        try PreferenceSearch(text).print(json: options.json, in: options.openContext())
    }
}
