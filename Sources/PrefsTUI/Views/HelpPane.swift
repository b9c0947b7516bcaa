/// Every key the editor answers to, then every `:` command, as a list that scrolls when the terminal is short.
struct HelpPane {
    let view: EditorView

    /// The rows of the help: the keys, then the `:` commands by name.
    static let rows: [(keys: String, action: String)] =
        keys + [("", ""), (":commands", "typed after :, Tab completes")]
        + EditorCommand.all.map { command in
            (":" + command.name + (command.argument.isEmpty ? "" : " " + command.argument), command.summary)
        }

    static let keys: [(keys: String, action: String)] = [
        ("up, k / down, j", "move the selection"),
        ("PgUp / PgDn", "move a page"),
        ("g / G, Home / End", "first / last row"),
        ("enter", "open a suite; edit a key's value"),
        ("e", "edit the value in $VISUAL or $EDITOR (JSON for collections)"),
        ("right, l", "open a suite, or a key's details (beside the keys on wide terminals)"),
        ("esc, left, h", "go back"),
        ("space", "toggle a Boolean key"),
        ("+ / -", "step a number up or down, by a step its range suits"),
        ("r", "reset the key to its default"),
        ("R", "reset the marked keys, else every key of the suite, after a y"),
        ("m", "mark or unmark a key, for R"),
        ("v", "reveal or hide a secret key's value (shown as ••••)"),
        ("b / B", "bookmark a key, kept across runs / list the bookmarks"),
        ("c", "list only the keys that are not at their default, or every key"),
        ("x", "recover an unreadable suite: its file is moved aside"),
        ("a", "add a key to a suite without a schema"),
        ("n", "create a suite, from the suites"),
        ("d d", "delete a key the schema does not declare"),
        ("u / ctrl-r", "undo / redo the suite's newest write, as prefs undo / redo"),
        ("/", "search every suite from the suites; filter a suite's keys"),
        ("ctrl-u", "clear the search or filter while typing it"),
        ("w", "changes made by other processes"),
        ("M", "every message said this session, whole"),
        ("P", "delayed mode: edits wait to be applied together"),
        ("p", "the pending changes, against what is stored"),
        ("A / D", "apply the pending changes in one write / dismiss them"),
        ("ctrl-l", "read everything again and redraw the screen"),
        ("mouse", "click selects, click again opens; wheel scrolls"),
        (":", "a command by name, with Tab completion (:rename NEW, :export FILE…)"),
        ("?", "this help"),
        ("q", "go back; quit from the suites"),
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
