/// Every key the editor answers to.
struct HelpPane {
    let view: EditorView

    static let bindings: [(keys: String, action: String)] = [
        ("up, k / down, j", "move the selection"),
        ("PgUp / PgDn", "move a page"),
        ("g / G, Home / End", "first / last row"),
        ("enter", "open a suite; edit a key's value"),
        ("right, l", "open a suite or a key's details"),
        ("esc, left, h", "go back"),
        ("space", "toggle a Boolean key"),
        ("r", "reset the key to its default"),
        ("d d", "delete a key the schema does not declare"),
        ("/", "filter the list: key, value, summary, description"),
        ("w", "changes made by other processes"),
        ("ctrl-l", "read everything again"),
        ("?", "this help"),
        ("q", "go back; quit from the suites"),
    ]

    func draw(into grid: inout CellGrid, rows: Range<Int>) {
        for (offset, binding) in Self.bindings.prefix(rows.count).enumerated() {
            let y = rows.lowerBound + offset
            grid.draw(binding.keys, x: 2, y: y, style: view.theme.label)
            grid.draw(binding.action, x: 24, y: y)
        }
    }
}
