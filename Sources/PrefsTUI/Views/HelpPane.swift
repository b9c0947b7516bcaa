/// Every key the editor answers to, then every `:` command, as a list that scrolls when the terminal is short.
struct HelpPane {
    let view: EditorView

    /// The rows of the help: the keys that move, then every command's keys, then the `:` commands by name, all but
    /// the first from the one command table.
    static let rows: [(keys: String, action: String)] =
        keys + EditorCommand.all.filter { !$0.keyLabel.isEmpty }.map { ($0.keyLabel, $0.summary) }
        + [("", ""), (":commands", "typed after :, Tab completes")]
        + EditorCommand.all.map { command in
            (":" + command.name + (command.argument.isEmpty ? "" : " " + command.argument), command.summary)
        }

    /// The keys that move, open and go back, which are not commands.
    static let keys: [(keys: String, action: String)] = [
        ("up, k / down, j", "move the selection"),
        ("PgUp / PgDn", "move a page"),
        ("g / G, Home / End", "first / last row"),
        ("enter, right, l", "open a suite, or a key's details (beside the keys on wide terminals)"),
        ("esc, left, h", "go back"),
        ("ctrl-u", "clear the search or filter while typing it"),
        ("mouse", "click selects, click again opens; wheel scrolls"),
        (":", "a command by name, with Tab completion (:rename NEW, :export FILE…)"),
    ]

    func draw(into grid: inout CellGrid, rows: Range<Int>) {
        let model = view.model
        let first = EditorView.firstVisibleRow(selected: model.selectedIndex, visible: rows.count)
        for (offset, index) in (first..<min(Self.rows.count, first + rows.count)).enumerated() {
            let y = rows.lowerBound + offset
            let binding = Self.rows[index]
            grid.draw(binding.keys, x: 2, y: y, style: view.theme.label)
            grid.draw(binding.action, x: 24, y: y)
            if index == model.selectedIndex { grid.paint(x: 0, y: y, columns: grid.width, style: view.theme.selected) }
        }
    }
}
