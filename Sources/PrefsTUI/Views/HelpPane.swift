import PrefsCore

/// The help (``HelpIndex``): headings, then each command's keys and what it does, scrolling when the terminal is
/// short.
struct HelpPane {
    let view: EditorView

    func draw(into grid: inout CellGrid, rows: Range<Int>) {
        let model = view.model
        let all = model.pages.help.rows
        guard !all.isEmpty else {
            let none = "Nothing in the help matches \(TextEscaping.quoted(model.pages.help.query, limit: 60))."
            grid.draw(view.text(none), x: 2, y: rows.lowerBound, style: view.theme.dim)
            return
        }
        let first = EditorView.firstVisibleRow(selected: model.selectedIndex, visible: rows.count)
        for (offset, index) in (first..<min(all.count, first + rows.count)).enumerated() {
            let y = rows.lowerBound + offset
            let row = all[index]
            if row.isHeading {
                grid.draw(view.text(row.keys), x: 1, y: y, style: view.theme.title)
            } else {
                grid.draw(view.text(row.keys), x: 2, y: y, style: view.theme.label)
                grid.draw(
                    view.text(DisplayWidth.truncated(row.action, toFit: max(1, grid.width - 25))), x: 24, y: y)
            }
            if index == model.selectedIndex { grid.paint(x: 0, y: y, columns: grid.width, style: view.theme.selected) }
        }
    }
}
