import ArgumentParser
import PrefsTools

/// `prefs find TEXT`: keys, values, summaries and descriptions that match, across suites.
struct Find: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "find", abstract: "Find keys whose name, value, summary or description holds some text.",
        discussion: """
            Keys whose name matches come first (the whole name, its start, a word's start, anywhere, then its \
            letters in order), then those whose value, summary or description holds the text, as the editor's / \
            lists them; case is ignored. Keys only a schema declares are searched too. An unreadable suite is named \
            on standard error after the matches, and the exit status is 1.
            """)

    @OptionGroup var options: GlobalOptions
    @Flag(help: "Show the values of keys the schema marks secret, rather than \(Secrets.mask).") var reveal = false
    @Argument(help: "The text to look for.") var text: String

    func perform() throws {
        try PreferenceSearch(text).print(json: options.json, in: options.openContext())
    }
}
