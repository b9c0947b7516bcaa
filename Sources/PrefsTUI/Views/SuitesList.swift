import PrefsCore
import PrefsTools

/// The list of suites, or a level of their tree: name, stored keys, and whether a schema describes it; a folder's
/// name ends in its separator (`org.gnome.`, `gsettings:`), and says how many suites it holds.
struct SuitesList {
    let view: EditorView

    func draw(into grid: inout CellGrid, rows: Range<Int>, now: ContinuousClock.Instant) {
        let model = view.model
        guard model.rowCount > 0 else {
            let empty =
                model.filter.isEmpty
                ? (model.openFolder.isEmpty ? "No suites in this directory." : "No suites here yet: n creates one.")
                : "No suite or key matches \(TextEscaping.quoted(model.filter.text, limit: 60))."
            grid.draw(view.text(empty), x: 2, y: rows.lowerBound, style: view.theme.dim)
            return
        }
        let first = EditorView.firstVisibleRow(selected: model.selectedIndex, visible: rows.count)
        let visible = first..<min(model.rowCount, first + rows.count)
        // Names first: the column is as wide as the longest name on screen, and the counts after it get what is left
        // (a narrow terminal cuts them, not the names).
        let longest =
            visible.lazy.filter { $0 < model.rows.suiteRows.count }
            .map { DisplayWidth.of(Self.shown(model.rows.suiteRows[$0])) }.max() ?? 0
        let nameWidth = max(1, min(longest, grid.width - 3))
        for (offset, index) in visible.enumerated() {
            let y = rows.lowerBound + offset
            if index < model.rows.suiteRows.count {
                drawSuite(model.rows.suiteRows[index], into: &grid, y: y, nameWidth: nameWidth, now: now)
            } else {
                drawMatch(at: index - model.rows.suiteRows.count, into: &grid, y: y)
            }
            if index == model.selectedIndex { grid.paint(x: 0, y: y, columns: grid.width, style: view.theme.selected) }
        }
    }

    private func drawSuite(
        _ row: SuiteRow, into grid: inout CellGrid, y: Int, nameWidth: Int, now: ContinuousClock.Instant
    ) {
        let detail = row.problem.map { row.isFolder ? "cannot be listed: \($0)" : "unreadable" } ?? Self.detail(of: row)
        grid.draw(
            view.text(DisplayWidth.truncated(Self.shown(row), toFit: nameWidth)), x: 2, y: y,
            style: row.isFolder ? view.theme.label : .plain)
        let x = 2 + nameWidth + 3
        if grid.width - x - 1 >= 5 {
            grid.draw(
                view.text(DisplayWidth.truncated(detail, toFit: grid.width - x - 1)), x: x, y: y, style: view.theme.dim)
        }
        if view.model.live.isHighlighted(suite: row.name, key: nil, at: now) {
            grid.paint(x: 0, y: y, columns: grid.width, style: view.theme.highlighted)
        }
    }

    /// A key found by the filter in some suite: `suite › key`, its value, and what it was found by (`the
    /// description`) where the query looked for text.
    private func drawMatch(at position: Int, into grid: inout CellGrid, y: Int) {
        let matches = view.model.rows.searchMatches
        let match = matches[position]
        let reason = matches.hasReasons ? "by " + matches.rank(at: position).reason : ""
        let separator = view.unicode ? " › " : " > "
        let name = TextEscaping.escaped(match.suite) + separator + TextEscaping.escaped(match.key)
        let nameWidth = max(10, min(grid.width / 2, 60))
        let end = grid.draw(view.text(DisplayWidth.truncated(name, toFit: nameWidth)), x: 2, y: y)
        let value = view.model.valueText(suite: match.suite, key: match.key)
        let x = max(end + 2, nameWidth + 4)
        // The reason goes last, right-aligned, where a narrow terminal gives it up before the value.
        let reasonWidth = DisplayWidth.of(reason)
        let fitsReason = !reason.isEmpty && grid.width - x - reasonWidth - 3 >= 10
        let valueRoom = max(1, grid.width - x - 1 - (fitsReason ? reasonWidth + 2 : 0))
        grid.draw(view.text(DisplayWidth.truncated(value, toFit: valueRoom)), x: x, y: y, style: view.theme.dim)
        if fitsReason {
            grid.draw(view.text(reason), x: grid.width - reasonWidth - 1, y: y, style: view.theme.dim)
        }
    }

    /// A row's name as listed: the part past the folder open, escaped.
    static func shown(_ row: SuiteRow) -> String {
        TextEscaping.escaped(row.shownName ?? row.name)
    }

    /// What a suite's row says of its keys: `43 keys, 2 set` where its schema's count is known, else
    /// `2 keys, schema`; a system layer's keys follow (`+ 1 system`).
    static func detail(of row: SuiteRow) -> String {
        let plural = { (count: Int) in "\(count) key\(count == 1 ? "" : "s")" }
        // A folder's suites are counted by name: reading each for its keys would cost the first frame every suite.
        if let suites = row.folderSuites { return "\(suites) suite\(suites == 1 ? "" : "s")" }
        let system = row.systemKeys > 0 ? " + \(row.systemKeys) system" : ""
        if let declared = row.declaredKeys { return "\(plural(declared)), \(row.storedKeys) set\(system)" }
        return plural(row.storedKeys) + system + (row.hasSchema ? ", schema" : "")
    }
}
