import PrefsCore
import PrefsTools

/// The changes delayed mode holds: `suite › key: stored → pending`, with the keys another process changed since
/// they were edited marked `!`.
struct PendingList {
    let view: EditorView

    func draw(into grid: inout CellGrid, rows: Range<Int>) {
        let model = view.model
        guard !model.pending.isEmpty else {
            grid.draw("Nothing is pending.", x: 2, y: rows.lowerBound, style: view.theme.dim)
            return
        }
        let separator = view.unicode ? " › " : " > "
        let arrow = view.unicode ? " → " : " -> "
        let first = EditorView.firstVisibleRow(selected: model.selectedIndex, visible: rows.count)
        for (offset, index) in (first..<min(model.pending.count, first + rows.count)).enumerated() {
            let change = model.pending.changes[index]
            let y = rows.lowerBound + offset
            let conflict = model.rows.facts.conflict(of: change)
            if conflict != nil { grid.draw("!", x: 0, y: y, style: view.theme.error) }
            let name = TextEscaping.escaped(change.suite) + separator + TextEscaping.escaped(change.key) + ": "
            let show = { (value: PropertyListValue) in model.shown(value, suite: change.suite, key: change.key) }
            let before = change.original.map(show) ?? "(unset)"
            let after = change.value.map(show) ?? "(unset)"
            var line = name + before + arrow + after
            if let now = conflict {
                line += "  (now \(now.map(show) ?? "unset") by another process)"
            }
            grid.draw(view.text(DisplayWidth.truncated(line, toFit: max(1, grid.width - 3))), x: 2, y: y)
            if index == model.selectedIndex { grid.paint(x: 0, y: y, columns: grid.width, style: view.theme.selected) }
        }
    }
}
