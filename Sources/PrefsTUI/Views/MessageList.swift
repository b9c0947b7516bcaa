/// Everything the editor said this session, newest first: each message's time, then its whole text, wrapped.
struct MessageList {
    let view: EditorView

    func draw(into grid: inout CellGrid, rows: Range<Int>) {
        let model = view.model
        let lines = model.messageRows
        guard !lines.isEmpty else {
            grid.draw("Nothing has been said yet.", x: 2, y: rows.lowerBound, style: view.theme.dim)
            return
        }
        let first = EditorView.firstVisibleRow(selected: model.selectedIndex, visible: rows.count)
        for (offset, index) in (first..<min(lines.count, first + rows.count)).enumerated() {
            let y = rows.lowerBound + offset
            let line = lines[index]
            // A time starts each message; its text is indented under it.
            grid.draw(view.text(line), x: 1, y: y, style: line.hasPrefix(" ") ? .plain : view.theme.dim)
            if index == model.selectedIndex { grid.paint(x: 0, y: y, columns: grid.width, style: view.theme.selected) }
        }
    }
}
