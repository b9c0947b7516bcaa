/// The help (`?`): the keys that work where it was opened first, then every command by group, then every command by
/// name, all from the one command table (``EditorCommand/all``), narrowed by what is typed after `/`.
struct HelpIndex {
    /// One row: a heading, or a command's keys (or `:name`) and what it does.
    struct Row: Equatable {
        let keys: String
        let action: String
        var isHeading: Bool { action.isEmpty }
    }

    /// What the help shows: the commands that apply where it was opened, and the search typed.
    var applying: [String] = []
    /// Where it was opened, for the first heading (`on a suite's keys`).
    var place = ""
    /// What was typed after `/`; every row when empty.
    var query = ""
    /// Whether `/` is being typed.
    var isSearching = false

    /// Keys that are not commands, typed into a line or done with the mouse.
    static let notes = [
        Row(keys: "ctrl-u", action: "clear the search, filter or line being typed"),
        Row(keys: "mouse", action: "click selects, click again opens; the wheel scrolls"),
    ]

    /// The rows, headings kept only over rows the search left.
    var rows: [Row] {
        var sections: [(heading: String, rows: [Row])] = []
        let withKeys = EditorCommand.all.filter { !$0.keyLabel.isEmpty }
        let here = withKeys.filter { applying.contains($0.name) && $0.group != .moving && !$0.isEverywhere }
        if !here.isEmpty {
            sections.append(("Here, \(place)", here.map { Row(keys: $0.keyLabel, action: $0.summary) }))
        }
        for group in EditorCommand.Group.allCases {
            let rows = withKeys.filter { $0.group == group }.map { Row(keys: $0.keyLabel, action: $0.summary) }
            sections.append((group.rawValue, group == .moving ? rows + Self.notes : rows))
        }
        sections.append(
            (
                "Commands by name, typed after : (Tab completes)",
                EditorCommand.all.map { command in
                    Row(
                        keys: ":" + command.name + (command.argument.isEmpty ? "" : " " + command.argument),
                        action: command.summary)
                }
            ))
        let wanted = query.lowercased()
        return sections.flatMap { section -> [Row] in
            let kept =
                wanted.isEmpty
                ? section.rows
                : section.rows.filter { ($0.keys + " " + $0.action).lowercased().contains(wanted) }
            return kept.isEmpty ? [] : [Row(keys: section.heading, action: "")] + kept
        }
    }
}
