import Foundation
import PrefsKit
import PrefsTools

/// One key in full: its documentation, default, allowed values, stored value, file and last change.
struct DetailsPane {
    let view: EditorView
    let suite: String
    let key: String

    func draw(into grid: inout CellGrid, rows: Range<Int>) {
        guard let row = view.model.keyRows.row(for: key) else {
            grid.draw("This key no longer exists.", x: 2, y: rows.lowerBound, style: view.theme.dim)
            return
        }
        var lines: [(String, String)] = [("Key", TextEscaping.escaped(row.key)), ("Type", row.kind)]
        if let entry = row.entry {
            if let summary = entry.summary { lines.append(("Summary", TextEscaping.escaped(summary))) }
            if let description = entry.description { lines.append(("Description", TextEscaping.escaped(description))) }
            lines.append(("Default", entry.defaultValue.map { TextEscaping.escaped(entry.render($0)) } ?? "(none)"))
            if !entry.choices.isEmpty {
                lines.append(("Choices", entry.choices.map { TextEscaping.escaped($0.text) }.joined(separator: ", ")))
            }
            if let range = entry.range { lines.append(("Range", "\(range)")) }
            if entry.isDebug { lines.append(("Debug", "release builds ignore the stored value")) }
        } else {
            lines.append(("Schema", "none; the type is inferred from the stored value"))
        }
        lines.append(("Stored", row.stored.map { TextEscaping.escaped($0.jsonText()) } ?? "(not stored)"))
        if case .invalid(let reason) = row.status { lines.append(("Problem", TextEscaping.escaped(reason))) }
        let location = view.model.data.location(of: suite) ?? view.model.data.store.locationDescription
        lines.append(("Location", TextEscaping.escaped(location)))
        if let change = view.model.lastChange {
            let writer = change.writer
            let who = writer?.pid == nil ? "an unknown process" : ChangeText.describe(writer ?? .init())
            let time = writer?.time.map { PropertyListValue.date($0).text } ?? "at an unknown time"
            lines.append(("Last change", "\(time) by \(who)"))
        }
        for (offset, line) in lines.prefix(rows.count).enumerated() {
            let y = rows.lowerBound + offset
            grid.draw(view.text(line.0), x: 2, y: y, style: view.theme.label)
            grid.draw(view.text(line.1), x: 16, y: y)
        }
    }
}
