import PrefsCore
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The changes other processes made while the editor ran, newest first: time, suite, key, the value and the one it
/// replaced, and the writer.
struct ChangeLogList {
    let view: EditorView

    func draw(into grid: inout CellGrid, rows: Range<Int>) {
        let changes = Array(view.model.live.changeLog.reversed())
        guard !changes.isEmpty else {
            grid.draw("No other process has changed anything yet.", x: 2, y: rows.lowerBound, style: view.theme.dim)
            return
        }
        let today = view.model.data.timeText(Date())
        let selected = view.model.selectedIndex
        let first = EditorView.firstVisibleRow(selected: selected, visible: rows.count)
        for (offset, index) in (first..<min(changes.count, first + rows.count)).enumerated() {
            let (change, seen) = changes[index]
            // Today's changes (nearly all: the list holds what happened while the editor ran) show the time of day
            // in the same form, without the date that would push the change off a narrow line.
            let full = view.model.data.timeText(seen)
            let time = full.prefix(10) == today.prefix(10) ? String(full.dropFirst(11)) : full
            // The new value first, where a narrow line keeps it; then what it was. Both pass the one gate for values
            // shown, so a secret stays hidden under either.
            let shown = { (value: PropertyListValue) in
                view.model.shown(value, suite: change.suite ?? "", key: change.key)
            }
            let now = change.newValue.map { " = " + shown($0) } ?? " removed"
            let was = change.isAbridged ? "" : "  (was \(change.oldValue.map(shown) ?? "not set"))"
            let described =
                "\(time)  \(TextEscaping.escaped(change.suite ?? "")) \(TextEscaping.escaped(change.key))\(now)"
            // What it was comes last in priority: only where the line has room for it beside the whole writer.
            let whole = DisplayWidth.of(described + was) + DisplayWidth.of(ChangeText.writer(change)) + 6
            let line = whole <= grid.width ? described + was : described
            // The writer is what this pane is for: it gets what the change leaves, and never under a third of the
            // line, the change being cut for it.
            let writerRoom = max(12, grid.width / 3, grid.width - DisplayWidth.of(line) - 4)
            let writer = view.text(DisplayWidth.truncated("(\(ChangeText.writer(change)))", toFit: writerRoom))
            let y = rows.lowerBound + offset
            let room = max(8, grid.width - DisplayWidth.of(writer) - 4)
            let end = grid.draw(view.text(DisplayWidth.truncated(line, toFit: room)), x: 1, y: y)
            grid.draw(writer, x: end + 2, y: y, style: view.theme.dim)
            if index == selected { grid.paint(x: 0, y: y, columns: grid.width, style: view.theme.selected) }
        }
    }
}
