import PrefsCore

/// A suite whole as JSON (`J`), a line a row, scrolling; the document holds no raw control character.
struct JSONList {
    let view: EditorView

    func draw(into grid: inout CellGrid, rows: Range<Int>) {
        let model = view.model
        let lines = model.pages.json.lines
        let first = EditorView.firstVisibleRow(selected: model.selectedIndex, visible: rows.count)
        for (offset, index) in (first..<min(lines.count, first + rows.count)).enumerated() {
            let y = rows.lowerBound + offset
            grid.draw(view.text(DisplayWidth.truncated(lines[index], toFit: max(1, grid.width - 2))), x: 1, y: y)
            if index == model.selectedIndex { grid.paint(x: 0, y: y, columns: grid.width, style: view.theme.selected) }
        }
    }
}
