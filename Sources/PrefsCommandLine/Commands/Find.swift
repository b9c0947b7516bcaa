import ArgumentParser
import PrefsCore
import PrefsTools

/// `prefs find QUERY`: the keys of every suite a query matches, as the editor's `/` lists them.
struct Find: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "find", abstract: "Find keys by name, value, documentation, type, source, writer or time.",
        discussion: """
            Every word must match; - before a word asks the opposite, and quotes group words into one piece of text. \
            Free text finds keys whose name matches first (the whole name, its start, a word's start, anywhere, then \
            its letters in order), then those whose summary or description holds it, then those whose value does; \
            case is ignored. KEY=VALUE and =VALUE match the value in force as shown, exactly, * standing for any \
            text; a word with * matches key names (editor.*). Filters:

            \(filterList)

            Keys only a schema declares and keys only a system layer sets are searched too; a secret's value never \
            matches unless --reveal is given. The editor's / takes the same query and lists the same keys in the \
            same order. When nothing matches, it prints nothing and exits 1, as grep does. An unreadable suite is \
            named on standard error after the matches, and the exit status is 1.
            """)

    /// The filters, one a line, their names in a column.
    private static var filterList: String {
        let names: [String] = FilterQuery.filters.map { filter in
            "@" + filter.name + (filter.argument.map { ":" + $0 } ?? "")
        }
        let width = names.map(\.count).max() ?? 0
        var lines: [String] = []
        for (name, filter) in zip(names, FilterQuery.filters) {
            lines.append("  " + name + String(repeating: " ", count: width + 2 - name.count) + filter.help)
        }
        return lines.joined(separator: "\n")
    }

    @OptionGroup var options: GlobalOptions
    @Flag(help: "Show the values of keys the schema marks secret, rather than \(Secrets.mask).") var reveal = false
    @Argument(
        parsing: .allUnrecognized, help: "What to look for: words, filters (@modified, @type:int…) and KEY=VALUE.",
        completion: ShellCompletion.filters)
    var query: [String]

    func perform() throws {
        // Words are taken as they come, so that `-dark` asks the opposite; a mistyped option must not become one.
        if let option = query.first(where: { $0.hasPrefix("--") && $0.count > 2 }) {
            let near = NearestNames.question(for: option, among: ["--json", "--reveal", "--config-dir", "--store"])
            throw ToolError(
                "unknown option \(TextEscaping.quoted(option))\(near.map { "; \($0)" } ?? "") (to look for "
                    + "text that starts with --, quote it: prefs find '\"--word\"')", code: .usage)
        }
        let found = try PreferenceSearch(query.joined(separator: " ")).print(
            json: options.json, in: options.openContext())
        // As grep: a script asks whether anything matched by the status alone.
        if found == 0 { throw ExitCode.failure }
    }
}
