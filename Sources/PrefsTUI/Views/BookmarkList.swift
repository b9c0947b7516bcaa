import PrefsCore
import PrefsTools

/// The keys bookmarked with `b`, as `suite › key` and their value; Enter opens one.
struct BookmarkList {
    let view: EditorView

    func draw(into grid: inout CellGrid, rows: Range<Int>) {
        let model = view.model
        guard !model.navigation.bookmarks.entries.isEmpty else {
            grid.draw("No bookmarks yet: b on a key adds one.", x: 2, y: rows.lowerBound, style: view.theme.dim)
            return
        }
        let separator = view.unicode ? " › " : " > "
        let first = EditorView.firstVisibleRow(selected: model.selectedIndex, visible: rows.count)
        let entries = model.navigation.bookmarks.entries
        for (offset, index) in (first..<min(entries.count, first + rows.count)).enumerated() {
            let entry = entries[index]
            let y = rows.lowerBound + offset
            let name = TextEscaping.escaped(entry.suite) + separator + TextEscaping.escaped(entry.key)
            let nameWidth = max(10, min(grid.width / 2, 60))
            let end = grid.draw(view.text(DisplayWidth.truncated(name, toFit: nameWidth)), x: 2, y: y)
            let value = model.valueText(suite: entry.suite, key: entry.key)
            let x = max(end + 2, nameWidth + 4)
            grid.draw(
                view.text(DisplayWidth.truncated(value, toFit: max(1, grid.width - x - 1))), x: x, y: y,
                style: view.theme.dim)
            if index == model.selectedIndex { grid.paint(x: 0, y: y, columns: grid.width, style: view.theme.selected) }
        }
    }
}
