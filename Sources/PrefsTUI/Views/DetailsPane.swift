import Foundation
import PrefsFileStore
import PrefsKit

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
        if let file = (try? view.model.data.suite(suite) as? FileSuite)?.fileURL.path {
            lines.append(("File", TextEscaping.escaped(file)))
        } else {
            lines.append(("Store", TextEscaping.escaped(view.model.data.store.locationDescription)))
        }
        if let record = view.model.lastChange {
            let who =
                record.pid.map { "\(TextEscaping.escaped(record.process ?? "?")) (pid \($0))" } ?? "an unknown process"
            lines.append(("Last change", "\(PropertyListValue.date(record.time).text) by \(who)"))
        }
        for (offset, line) in lines.prefix(rows.count).enumerated() {
            let y = rows.lowerBound + offset
            grid.draw(view.text(line.0), x: 2, y: y, style: view.theme.label)
            grid.draw(view.text(line.1), x: 16, y: y)
        }
    }
}
