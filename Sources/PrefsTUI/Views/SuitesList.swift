import PrefsKit

/// The list of suites: name, stored keys, and whether a schema describes it.
struct SuitesList {
    let view: EditorView

    func draw(into grid: inout CellGrid, rows: Range<Int>, now: ContinuousClock.Instant) {
        let model = view.model
        guard !model.suiteRows.isEmpty else {
            let empty =
                model.filter.isEmpty
                ? "No suites in this directory." : "No suite matches \(TextEscaping.quoted(model.filter, limit: 60))."
            grid.draw(view.text(empty), x: 2, y: rows.lowerBound, style: view.theme.dim)
            return
        }
        let first = EditorView.firstVisibleRow(selected: model.selectedIndex, visible: rows.count)
        for (offset, index) in (first..<min(model.suiteRows.count, first + rows.count)).enumerated() {
            let row = model.suiteRows[index]
            let y = rows.lowerBound + offset
            let detail =
                row.problem != nil
                ? "unreadable"
                : "\(row.storedKeys) key\(row.storedKeys == 1 ? "" : "s")"
                    + (row.hasSchema ? ", schema" : "")
            let nameWidth = max(10, grid.width - 24)
            grid.draw(view.text(DisplayWidth.truncated(TextEscaping.escaped(row.name), toFit: nameWidth)), x: 2, y: y)
            grid.draw(view.text(detail), x: min(grid.width - 1, nameWidth + 4), y: y, style: view.theme.dim)
            if model.isHighlighted(suite: row.name, key: nil, at: now) {
                grid.paint(x: 0, y: y, columns: grid.width, style: view.theme.highlighted)
            }
            if index == model.selectedIndex { grid.paint(x: 0, y: y, columns: grid.width, style: view.theme.selected) }
        }
    }
}
