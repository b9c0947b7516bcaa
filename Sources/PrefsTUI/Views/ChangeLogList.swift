import PrefsCore
import PrefsTools

/// The changes other processes made while the editor ran, newest first: time, suite, key, value and writer.
struct ChangeLogList {
    let view: EditorView

    func draw(into grid: inout CellGrid, rows: Range<Int>) {
        let changes = Array(view.model.live.changeLog.reversed())
        guard !changes.isEmpty else {
            grid.draw("No other process has changed anything yet.", x: 2, y: rows.lowerBound, style: view.theme.dim)
            return
        }
        let selected = view.model.selectedIndex
        let first = EditorView.firstVisibleRow(selected: selected, visible: rows.count)
        for (offset, index) in (first..<min(changes.count, first + rows.count)).enumerated() {
            let (change, seen) = changes[index]
            let time = PropertyListValue.date(seen).text
            let value =
                change.newValue.map { view.model.shown($0, suite: change.suite ?? "", key: change.key) } ?? "removed"
            let writer = ChangeText.writer(change)
            let line =
                "\(time)  \(TextEscaping.escaped(change.suite ?? "")) \(TextEscaping.escaped(change.key)) = \(value)"
            let y = rows.lowerBound + offset
            let end = grid.draw(view.text(DisplayWidth.truncated(line, toFit: grid.width - 24)), x: 1, y: y)
            grid.draw(view.text("(\(writer))"), x: end + 2, y: y, style: view.theme.dim)
            if index == selected { grid.paint(x: 0, y: y, columns: grid.width, style: view.theme.selected) }
        }
    }
}
