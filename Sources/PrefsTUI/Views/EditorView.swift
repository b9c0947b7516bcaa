import PrefsCore
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Draws the whole editor: a title line, the screen's content, a message line and the status bar.
public struct EditorView {
    let model: EditorModel
    let unicode: Bool
    let theme: Theme

    /// A view of a model.
    ///
    /// - Parameters:
    ///   - model: What to draw.
    ///   - unicode: Whether the terminal shows Unicode; when not, only ASCII is drawn.
    ///   - color: Whether to use colours.
    ///   - themeFile: The user's colours, over the built-in ones.
    public init(model: EditorModel, unicode: Bool, color: Bool, themeFile: ThemeFile = .none) {
        self.model = model
        self.unicode = unicode
        theme = Theme(color: color, file: themeFile)
    }

    /// The frame for a terminal of a size.
    public func render(width: Int, height: Int, now: ContinuousClock.Instant = .now) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        guard width > 0, height > 0 else { return grid }
        grid.clear(row: 0, style: theme.title)
        let end = grid.draw(text(" prefs  \(breadcrumb)"), x: 0, y: 0, style: theme.title)
        if let problem = model.live.problem {
            let note = text(DisplayWidth.truncated("live updates stopped: \(problem)", toFit: max(0, width - end - 3)))
            grid.draw(note, x: max(end + 2, width - DisplayWidth.of(note) - 1), y: 0, style: theme.error)
        }
        let content = 1..<max(1, height - 2)
        switch model.screen {
        case .suites: SuitesList(view: self).draw(into: &grid, rows: content, now: now)
        case .keys(let suite):
            guard let split = Self.splitColumn(width: width) else {
                KeysList(view: self, suite: suite).draw(into: &grid, rows: content, width: width, now: now)
                break
            }
            KeysList(view: self, suite: suite).draw(into: &grid, rows: content, width: split, now: now)
            for y in content { grid.draw(unicode ? "│" : "|", x: split, y: y, style: theme.dim) }
            if let row = model.selectedKey, model.rows.facts.problem == nil {
                DetailsPane(view: self, suite: suite, key: row.key)
                    .draw(into: &grid, rows: content, columns: (split + 1)..<width)
            }
        case .details(let suite, let key):
            DetailsPane(view: self, suite: suite, key: key).draw(into: &grid, rows: content, columns: 0..<width)
        case .help: HelpPane(view: self).draw(into: &grid, rows: content)
        case .changeLog: ChangeLogList(view: self).draw(into: &grid, rows: content)
        case .pending: PendingList(view: self).draw(into: &grid, rows: content)
        case .bookmarks: BookmarkList(view: self).draw(into: &grid, rows: content)
        case .messages: MessageList(view: self).draw(into: &grid, rows: content)
        case .json: JSONList(view: self).draw(into: &grid, rows: content)
        }
        if let picker = model.modal.picker, height >= 5 {
            let frame = PickerBox.frame(for: picker, of: model, in: (width, height))
            PickerBox(view: self, picker: picker).draw(into: &grid, frame: frame)
        }
        if height >= 3, let question = model.modal.confirmation {
            grid.clear(row: height - 2)
            grid.draw(text(question.question), x: 1, y: height - 2, style: theme.error)
        } else if height >= 3, let session = model.modal.editing {
            drawEditLine(session, into: &grid, y: height - 2)
            if let error = session.error, height >= 4, error != EditorModel.overwriteWarning {
                // Errors name values escaped already; a control character that slipped through is still escaped.
                drawMessage(
                    TextEscaping.escaped(error, escapingBackslashes: false), into: &grid, lastRow: height - 3,
                    style: theme.error)
            } else if let message = model.messages.current, height >= 4,
                session.error == EditorModel.overwriteWarning || session.purpose == .command
                    || session.purpose == .path
            {
                drawMessage(message, into: &grid, lastRow: height - 3, style: theme.error)
            }
        } else if height >= 3, model.screen == .help, model.pages.help.isSearching || !model.pages.help.query.isEmpty {
            let cursor = model.pages.help.isSearching ? (unicode ? "▏" : "_") : ""
            grid.draw(
                text("/" + TextEscaping.escaped(model.pages.help.query) + cursor), x: 1, y: height - 2,
                style: theme.label)
        } else if height >= 3, model.filter.isEditing || !model.filter.isEmpty {
            let cursor = model.filter.isEditing ? (unicode ? "▏" : "_") : ""
            let end = grid.draw(
                text("/" + TextEscaping.escaped(model.filter.text) + cursor), x: 1, y: height - 2, style: theme.label)
            if let problem = model.filter.problem {
                // Why the query is not understood, while it is typed: `@typ` names `@type:`.
                grid.draw(text(TextEscaping.escaped(problem)), x: end + 2, y: height - 2, style: theme.error)
            } else if case .suites = model.screen, !model.filter.isEmpty {
                let plural = { (count: Int, noun: String) in "\(count) \(noun)\(count == 1 ? "" : "s")" }
                let inSuites = model.rows.searchMatches.suiteCount
                let found =
                    plural(model.rows.suiteRows.count, "suite") + " by name, "
                    + plural(model.rows.searchMatches.count, "key")
                    + " in " + plural(inSuites, "suite")
                grid.draw(text(found), x: end + 2, y: height - 2, style: theme.dim)
            }
            // What an action on a filtered row said goes above the filter, which holds the message line.
            if !model.filter.isEditing, let message = model.messages.current, height >= 4 {
                drawMessage(message, into: &grid, lastRow: height - 3, style: theme.error)
            }
        } else if height >= 3, let message = model.messages.current {
            let warning =
                message.hasPrefix("not written") || model.modal.pendingRepeat != nil
                || model.modal.picker?.warned == true
            drawMessage(message, into: &grid, lastRow: height - 2, style: warning ? theme.error : .plain)
        }
        drawStatusBar(into: &grid, y: height - 1)
        return grid
    }

    /// From this width on, the keys have the details of the selected one beside them.
    public static let twoPaneWidth = 100

    /// The column of the line between the keys and the details, or `nil` when the terminal is too narrow for both.
    static func splitColumn(width: Int) -> Int? {
        guard width >= twoPaneWidth else { return nil }
        return max(56, min(width / 2, 100))
    }

    /// Draws a message ending on a row: on that row alone when it fits, else wrapped onto the row above it too.
    ///
    /// What two rows cannot hold ends in `… M shows all`, and the message log (`M`) has it whole: a way out is never lost.
    ///
    /// - Parameters:
    ///   - message: The text, printable.
    ///   - grid: The frame.
    ///   - lastRow: The row the message ends on.
    ///   - style: Its style.
    private func drawMessage(_ message: String, into grid: inout CellGrid, lastRow: Int, style: TextStyle) {
        let columns = grid.width - 2
        var lines = TextWrapping.lines(message, columns: columns)
        // The row above belongs to the content; a frame too short for it keeps one row, cut.
        let rows = lastRow >= 3 && lines.count > 1 ? 2 : 1
        if lines.count > rows {
            let more = "… M shows all"
            let kept = DisplayWidth.truncated(lines[rows - 1], toFit: max(1, columns - DisplayWidth.of(more)))
            lines = Array(lines.prefix(rows - 1)) + [(kept.hasSuffix("…") ? String(kept.dropLast()) : kept) + more]
        }
        for (offset, line) in lines.enumerated() {
            let y = lastRow - lines.count + 1 + offset
            grid.clear(row: y)
            grid.draw(text(DisplayWidth.truncated(line, toFit: columns)), x: 1, y: y, style: style)
        }
    }

    /// The line being edited, with the cursor shown as a reversed cell.
    private func drawEditLine(_ session: EditSession, into grid: inout CellGrid, y: Int) {
        grid.clear(row: y)
        let name =
            switch session.purpose {
            case .newKeyName: "new key in \(session.suite)"
            case .newSuiteName: "new suite"
            case .command: ""
            case .path: "go to"
            case .value: session.key
            }
        let label = text(DisplayWidth.truncated(TextEscaping.escaped(name), toFit: max(4, grid.width / 3)) + ": ")
        let start = grid.draw(label, x: 1, y: y, style: theme.label)
        // Control characters typed into the line are shown escaped too; the cursor sits after what precedes it. Only
        // the characters that can show are escaped and measured, those within a line's width of the cursor (each
        // takes a column at least), so that a frame over a pasted megabyte costs what one over a short value does.
        let characters = session.line.characters
        let reach = max(8, grid.width)
        let around = max(0, session.line.cursor - reach)..<min(characters.count, session.line.cursor + reach)
        // A secret is typed blind, as a password prompt takes one: `v` on its row shows it, here as everywhere.
        let hidden = session.purpose == .value && model.hidesValue(suite: session.suite, key: session.key)
        let pieces = characters[around].map { hidden ? (unicode ? "•" : "*") : text(TextEscaping.escaped(String($0))) }
        let cursor = session.line.cursor - around.lowerBound
        let window = EditLineWindow(
            widths: pieces.map { DisplayWidth.of($0) }, cursor: cursor, columns: grid.width - start - 1)
        var x = start
        if window.hidesBefore || around.lowerBound > 0 {
            x = grid.draw(unicode ? "…" : "<", x: x, y: y, style: theme.dim)
        }
        var cursorX = x
        for index in window.shown {
            if index == cursor { cursorX = x }
            x = grid.draw(pieces[index], x: x, y: y)
        }
        if cursor >= window.shown.upperBound { cursorX = x }
        if window.hidesAfter || around.upperBound < characters.count {
            grid.draw(unicode ? "…" : ">", x: x, y: y, style: theme.dim)
        }
        if cursorX < grid.width {
            var cell = grid[cursorX, y]
            if cell.isContinuation { cell.text = " " }
            cell.style = TextStyle(reverse: true)
            grid[cursorX, y] = cell
        }
    }

    /// Text as the terminal can show it: as is with Unicode, else with every non-ASCII character replaced.
    func text(_ string: String) -> String {
        guard !unicode else { return string }
        // The ellipsis of a cut value becomes `~`, one column as it was; other characters become `?`.
        return String(
            String.UnicodeScalarView(string.unicodeScalars.map { $0.isASCII ? $0 : $0 == "…" ? "~" : "?" }))
    }

    /// The first row to draw so that the selected one is visible.
    static func firstVisibleRow(selected: Int, visible: Int) -> Int {
        selected < visible ? 0 : selected - visible + 1
    }
}
