import ArgumentParser
import Foundation
import PrefsFileStore
import PrefsKit

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

    @Argument(help: "The text to look for.")
    var text: String

    struct Match {
        let suite: String
        let key: String
        let value: PropertyListValue?
        let entry: PreferenceSchemaEntry?
    }

    func perform() throws {
        try Context(options).requireFiles(for: "find")
        let context = Context(options)
        // Searching never creates the directory: a missing one holds no suites, though schemas may be installed.
        let store =
            FileManager.default.fileExists(atPath: context.directory.path) ? try context.store(watching: false) : nil
        let names = Set(store?.suiteNames() ?? []).union(context.catalog.suites()).sorted()
        var matches: [Match] = []
        var problems: [String] = []
        for name in names {
            let suite = try? store?.suite(name)
            if let problem = suite?.problem { problems.append("\(problem)") }
            let values = suite?.primitiveValues() ?? [:]
            let schema = try? context.schema(for: name)
            let keys = Set(values.keys).union(schema?.entries.map(\.id) ?? [])
            for key in keys.sorted() {
                let entry = schema?[key]
                let value = values[key] ?? entry?.defaultValue
                let haystack = [key, value.map { entry?.render($0) ?? $0.text }, entry?.summary, entry?.description]
                if haystack.contains(where: { $0?.localizedCaseInsensitiveContains(text) == true }) {
                    matches.append(Match(suite: name, key: key, value: value, entry: entry))
                }
            }
        }
        if options.json {
            Output.json(
                matches.map { match in
                    var object: [String: Any] = [
                        "suite": match.suite, "key": match.key, "value": ValueText.json(match.value),
                    ]
                    object["summary"] = match.entry?.summary
                    return object
                }, pretty: true)
        } else {
            Output.lines(matches.map(line))
        }
        // An unreadable suite is not "no match": it is said, and the search fails.
        guard problems.isEmpty else {
            for problem in problems.dropLast() { Output.error(problem) }
            throw CLIError(problems[problems.count - 1])
        }
    }

    private func line(_ match: Match) -> String {
        let value = match.value.map { ValueText.inline($0, entry: match.entry) } ?? "(no value)"
        let summary = match.entry?.summary.map { "  # \(TextEscaping.escaped($0))" } ?? ""
        return "\(ValueText.key(match.suite)) \(ValueText.key(match.key)) = \(value)\(summary)"
    }
}
