import ArgumentParser
import PrefsTools

/// `prefs find TEXT`: keys, values, summaries and descriptions that match, across suites.
struct Find: RevealingCommand {
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
        let (matches, problems) = try PreferenceSearch(text).run(in: options.openContext())
        if options.json {
            Output.json(matches.map(PreferenceSearch.jsonObject), pretty: true)
        } else {
            Output.lines(matches.map(PreferenceSearch.line))
        }
        // An unreadable suite is not "no match": it is said, and the search fails.
        guard let last = problems.last else { return }
        for problem in problems.dropLast() { Output.error(problem) }
        throw ToolError(last, code: .corrupt)
    }
}
