import PrefsCore
import PrefsTools

/// A suite's keys: a status mark, a mark set with `m`, the key, where its value comes from, its type and its value;
/// narrower lists drop the type, then the state.
///
/// A level of the keys' tree lists its keys by the part past the folder open, then its folders
/// (`General/  12 keys, 3 set`).
struct KeysList {
    let view: EditorView
    let suite: String

    /// Below this width the state column is left out.
    static let narrowWidth = 50
    /// Below this width the type column is left out; the details say it.
    static let kindWidth = 76

    /// The key column's width: what the longest visible name needs, leaving the values what the longest visible one
    /// needs, or at least two fifths of the room they share, so that a value always shows its start; never under 8.
    ///
    /// - Parameters:
    ///   - longest: The display width of the longest key name on screen.
    ///   - longestValue: The display width of the longest value on screen.
    ///   - room: The columns left for the key and the value.
    /// - Returns: The columns the key names get.
    static func keyWidth(longest: Int, longestValue: Int = .max, room: Int) -> Int {
        max(8, min(longest, room - min(longestValue + 1, room * 2 / 5)))
    }

    /// The key list's columns at a width: the key names', and where each row's value starts.
    struct Columns {
        let keyWidth: Int
        let showsState: Bool
        let showsKind: Bool

        /// Where values start: after the marks, the key names, and the state and kind columns shown.
        var value: Int { 3 + keyWidth + (showsState ? 13 : 0) + (showsKind ? 16 : 0) }
    }

    /// The columns for the rows on screen: one rule for drawing them and for placing what opens over a value.
    ///
    /// - Parameters:
    ///   - model: The editor's model, on a suite's keys.
    ///   - width: The columns the list has.
    ///   - visibleRows: How many rows it shows.
    /// - Returns: The columns.
    static func columns(of model: EditorModel, width: Int, visibleRows: Int) -> Columns {
        let showsState = width >= narrowWidth
        let showsKind = width >= kindWidth
        let first = EditorView.firstVisibleRow(selected: model.selectedIndex, visible: visibleRows)
        let visible = first..<min(model.rowCount, first + visibleRows)
        let longestValue =
            visible.lazy.filter { $0 < model.rows.keyRows.count }.map {
                DisplayWidth.of(model.rows.keyRows[$0].valueText)
            }.max()
            ?? 0
        let keyWidth = keyWidth(
            longest: visible.lazy.map { DisplayWidth.of(shownName(at: $0, in: model)) }.max() ?? 0,
            longestValue: longestValue,
            room: width - 3 - (showsState ? 13 : 0) - (showsKind ? 16 : 0))
        return Columns(keyWidth: keyWidth, showsState: showsState, showsKind: showsKind)
    }

    /// What the row at an index shows as its name: a key past the folder open, or a folder's part, escaped.
    static func shownName(at index: Int, in model: EditorModel) -> String {
        if index < model.rows.keyRows.count {
            let key = model.rows.keyRows[index].key
            let folder = model.openKeyFolder
            return TextEscaping.escaped(key.hasPrefix(folder) ? String(key.dropFirst(folder.count)) : key)
        }
        let folders = model.rows.keyFolders
        return folders.indices.contains(index - model.rows.keyRows.count)
            ? TextEscaping.escaped(folders[index - model.rows.keyRows.count].shown) : ""
    }

    /// Draws the keys in the left `width` columns.
    func draw(into grid: inout CellGrid, rows: Range<Int>, width: Int, now: ContinuousClock.Instant) {
        let model = view.model
        if let problem = model.rows.facts.problem {
            // An unreadable suite says why, and how to get out of it, before listing its schema's defaults.
            grid.draw(
                view.text(DisplayWidth.truncated(TextEscaping.escaped("\(problem)"), toFit: grid.width - 2)), x: 1,
                y: rows.lowerBound, style: view.theme.error)
            grid.draw(
                view.text("x moves the file aside (it is kept) and starts the suite afresh"), x: 1,
                y: rows.lowerBound + 1, style: view.theme.dim)
            guard rows.count > 3 else { return }
            return drawRows(into: &grid, rows: (rows.lowerBound + 3)..<rows.upperBound, width: width, now: now)
        }
        drawRows(into: &grid, rows: rows, width: width, now: now)
    }

    private func drawRows(into grid: inout CellGrid, rows: Range<Int>, width: Int, now: ContinuousClock.Instant) {
        let model = view.model
        guard model.rowCount > 0 else {
            let empty =
                model.filter.isEmpty
                ? "This suite holds no keys." : "No key matches \(TextEscaping.quoted(model.filter.text, limit: 60))."
            grid.draw(view.text(empty), x: 2, y: rows.lowerBound, style: view.theme.dim)
            return
        }
        let columns = Self.columns(of: model, width: width, visibleRows: rows.count)
        let (showsState, showsKind, keyWidth) = (columns.showsState, columns.showsKind, columns.keyWidth)
        let first = EditorView.firstVisibleRow(selected: model.selectedIndex, visible: rows.count)
        let visible = first..<min(model.rowCount, first + rows.count)
        for (offset, index) in visible.enumerated() {
            let y = rows.lowerBound + offset
            guard index < model.rows.keyRows.count else {
                drawFolder(at: index, into: &grid, y: y, columns: columns, width: width)
                continue
            }
            let row = model.rows.keyRows[index]
            let mark = row.isDebug && row.status == .atDefault ? "d" : row.status.mark
            grid.draw(mark, x: 0, y: y, style: row.status.mark == "!" ? view.theme.error : .plain)
            let pending = model.pendingChange(suite: suite, key: row.key)
            if pending != nil {
                grid.draw("~", x: 1, y: y, style: view.theme.label)
            } else if model.isMarked(suite: suite, key: row.key) {
                grid.draw(view.unicode ? "▪" : "+", x: 1, y: y, style: view.theme.label)
            }
            let key = view.text(DisplayWidth.truncated(Self.shownName(at: index, in: model), toFit: keyWidth))
            grid.draw(key, x: 2, y: y)
            var x = 3 + keyWidth
            if showsState {
                let state = model.rows.facts.provenance[row.key] ?? .stored
                let style = view.theme.state(state)
                // A lock is marked with a padlock where the terminal shows one; the word says it everywhere.
                let label = view.unicode && state.label == "locked" ? "🔒 locked" : state.label
                grid.draw(view.text(DisplayWidth.truncated(label, toFit: 12)), x: x, y: y, style: style)
                x += 13
            }
            if showsKind {
                grid.draw(view.text(DisplayWidth.truncated(row.kind, toFit: 15)), x: x, y: y, style: view.theme.dim)
                x += 16
            }
            // A pending value is shown in place of the stored one, marked `~`.
            let valueText =
                pending.map { change in
                    change.value.map { model.shown($0, suite: suite, key: row.key) } ?? "(reset)"
                }
                ?? (model.hidesValue(suite: suite, key: row.key) && row.effective != nil
                    ? EditorModel.secretMask : row.valueText)
            let value = view.text(DisplayWidth.truncated(valueText, toFit: max(1, width - x - 1)))
            grid.draw(value, x: x, y: y, style: row.stored == nil ? view.theme.dim : view.theme.value(row.storage))
            if model.live.isHighlighted(suite: suite, key: row.key, at: now) {
                grid.paint(x: 0, y: y, columns: width, style: view.theme.highlighted)
            }
            if index == model.selectedIndex { grid.paint(x: 0, y: y, columns: width, style: view.theme.selected) }
        }
    }

    /// A folder of the keys: its name, then how many keys it holds and how many are stored.
    private func drawFolder(at index: Int, into grid: inout CellGrid, y: Int, columns: Columns, width: Int) {
        let model = view.model
        guard model.rows.keyFolders.indices.contains(index - model.rows.keyRows.count) else { return }
        let folder = model.rows.keyFolders[index - model.rows.keyRows.count]
        grid.draw(
            view.text(DisplayWidth.truncated(Self.shownName(at: index, in: model), toFit: columns.keyWidth)), x: 2,
            y: y, style: view.theme.label)
        let x = 3 + columns.keyWidth
        let counts = "\(folder.keys) key\(folder.keys == 1 ? "" : "s"), \(folder.stored) set"
        if width - x - 1 >= 5 {
            grid.draw(
                view.text(DisplayWidth.truncated(counts, toFit: width - x - 1)), x: x, y: y, style: view.theme.dim)
        }
        if index == model.selectedIndex { grid.paint(x: 0, y: y, columns: width, style: view.theme.selected) }
    }
}
