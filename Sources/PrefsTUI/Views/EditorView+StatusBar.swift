import PrefsCore
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The status bar: the mode, the position, and the keys that matter where the user is.
extension EditorView {
    func drawStatusBar(into grid: inout CellGrid, y: Int) {
        grid.clear(row: y, style: theme.status)
        let position = model.rowCount == 0 ? "" : "\(model.selectedIndex + 1)/\(model.rowCount)  "
        let arrows = unicode ? "↑↓" : "j/k"
        let details = EditorView.splitColumn(width: grid.width) == nil ? (unicode ? "→ details" : "l details") : ""
        let hints: String
        switch model.screen {
        case _ where model.modal.confirmation != nil: hints = model.modal.confirmation?.answers ?? ""
        case _ where model.filter.isEditing:
            hints =
                model.screen == .suites
                ? "type to search every suite  enter keep  ctrl-u clear  esc clear"
                : "type to filter  enter keep  ctrl-u clear  esc clear"
        case _ where model.modal.editing?.purpose == .command: hints = "enter run  tab complete  esc cancel"
        case _ where model.modal.editing?.purpose == .path: hints = "enter go  tab complete  ctrl-u clear  esc cancel"
        case _ where model.modal.editing != nil: hints = "enter save  esc cancel  \(unicode ? "←→" : "left/right") move"
        case _ where model.modal.picker != nil: hints = "\(arrows) choose  enter pick  esc cancel"
        case _ where model.readOnly:
            switch model.screen {
            case .suites: hints = "\(arrows) move  enter open  / search  w changes  ? help  q quit"
            case .keys: hints = "\(arrows) move  \(details)  / filter  w changes  esc back  ? help"
            case .details: hints = "esc back  w changes  ? help"
            case .help, .changeLog, .pending, .bookmarks, .messages, .json: hints = "\(arrows) scroll  esc back"
            }
        case .suites
        where model.selectedSuiteRow?.problem != nil:
            hints = "\(arrows) move  x recover the unreadable suite  w changes  ? help  q quit"
        case .suites where model.selectedSuiteRow == nil:
            hints = "enter open  o go to  / search  n new suite  w changes  ? help  q quit"
        case .suites: hints = "enter open  o go to  / search  n new suite  R delete suite  w changes  ? help  q quit"
        case .keys where model.rows.facts.problem != nil:
            hints = "x recover: move the unreadable file aside  esc back  ? help"
        case .keys(let suite) where model.data.schema(for: suite) == nil:
            hints = "enter edit  \(details)  e editor  a add  d delete  u undo  / filter  ? help"
        case .keys:
            hints = "enter edit  \(details)  e editor  r reset  u undo  / filter  ? help"
        case .details: hints = "esc back  enter edit  e editor  r reset  u undo  w changes"
        case .pending: hints = "\(arrows) move  enter go to key  A apply  D dismiss  esc back"
        case .changeLog: hints = "\(arrows) move  enter go to key  esc back"
        case .bookmarks: hints = "\(arrows) move  enter go to key  esc back"
        case .help where model.pages.help.isSearching: hints = "type to search the help  enter keep  esc clear"
        case .help: hints = "\(arrows) scroll  / search  esc back"
        case .messages: hints = "\(arrows) scroll  esc back"
        case .json: hints = "\(arrows) scroll  esc back  :export FILE writes it"
        }
        // The mark comes first, where a narrow terminal does not cut it off.
        let mode =
            model.readOnly
            ? "[read-only]  " : model.pending.isDelayed ? "[delayed: \(model.pending.count) pending]  " : ""
        grid.draw(
            text(Self.statusLine(lead: mode + position, hints: hints, width: grid.width)), x: 0, y: y,
            style: theme.status)
    }

    /// The status bar's text: the mark and position, then as many hints as fit, in their order, but never without
    /// the ways to help, back and out (`? help`, `esc back`, `q quit`), which a narrow terminal keeps at the cost of
    /// the others.
    ///
    /// - Parameters:
    ///   - lead: The mode's mark and the position.
    ///   - hints: The hints, two spaces apart.
    ///   - width: The terminal's columns.
    /// - Returns: The line.
    static func statusLine(lead: String, hints: String, width: Int) -> String {
        let items = hints.components(separatedBy: "  ").filter { !$0.isEmpty }
        let isWayOut = { (item: String) in
            item.hasPrefix("? ") || item.hasPrefix("q ") || item.hasPrefix("esc ")
        }
        let reserved = items.filter(isWayOut).reduce(0) { $0 + DisplayWidth.of($1) + 2 }
        // The last hint needs no separator after it.
        var room = width + 1 - DisplayWidth.of(lead) - reserved
        var kept: [String] = []
        for item in items {
            if isWayOut(item) {
                kept.append(item)
            } else if DisplayWidth.of(item) + 2 <= room {
                kept.append(item)
                room -= DisplayWidth.of(item) + 2
            } else {
                // The hints after one that does not fit would read out of order: they go too.
                room = 0
            }
        }
        return " " + lead + kept.joined(separator: "  ")
    }
}
