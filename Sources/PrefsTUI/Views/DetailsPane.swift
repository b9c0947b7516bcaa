import PrefsCore
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One key in full: its documentation, default, allowed values, stored value, location and last changes.
///
/// It fills the screen on narrow terminals (`l` or → from the keys) and the right half beside the keys on wide ones,
/// following the selection. Long values wrap rather than being cut.
struct DetailsPane {
    let view: EditorView
    let suite: String
    let key: String

    /// The width of the label column.
    static let labelWidth = 14

    /// Draws the pane.
    ///
    /// - Parameters:
    ///   - grid: The frame.
    ///   - rows: The rows it may use.
    ///   - columns: The columns it may use.
    func draw(into grid: inout CellGrid, rows: Range<Int>, columns: Range<Int>) {
        guard let row = view.model.rows.keyRows.row(for: key) else {
            grid.draw(
                "This key no longer exists.", x: columns.lowerBound + 2, y: rows.lowerBound, style: view.theme.dim)
            return
        }
        let x = columns.lowerBound + 2
        let valueX = x + Self.labelWidth
        let valueWidth = max(8, columns.upperBound - valueX - 1)
        var y = rows.lowerBound
        for (label, value) in fields(of: row) {
            guard y < rows.upperBound else { return }
            grid.draw(view.text(label), x: x, y: y, style: view.theme.label, limit: Self.labelWidth - 1)
            for line in TextWrapping.lines(value, columns: valueWidth) {
                guard y < rows.upperBound else { return }
                grid.draw(view.text(line), x: valueX, y: y, limit: valueWidth)
                y += 1
            }
        }
    }

    /// What the pane says about a key, as labelled, escaped values.
    private func fields(of row: KeyRow) -> [(String, String)] {
        // The store's own words for the type, where they say more: `int (GVariant i)`, as `prefs read-type`.
        let native = view.model.rows.facts.nativeType
        let type = row.typeDescription(native: native)
        var lines: [(String, String)] = [("Key", TextEscaping.escaped(row.key)), ("Type", type)]
        if let entry = row.entry {
            if let summary = entry.summary { lines.append(("Summary", TextEscaping.escaped(summary))) }
            if let description = entry.description { lines.append(("Description", TextEscaping.escaped(description))) }
            lines.append(
                ("Default", entry.defaultValue.map { view.model.shown($0, suite: suite, key: row.key) } ?? "(none)"))
            if view.model.isSecret(suite: suite, key: row.key) {
                let hidden = view.model.hidesValue(suite: suite, key: row.key)
                lines.append(("Secret", hidden ? "yes; v reveals the value" : "yes, revealed; v hides it"))
            }
            if !entry.choices.isEmpty {
                lines.append(("Choices", entry.choices.map { TextEscaping.escaped($0.text) }.joined(separator: ", ")))
            }
            if let range = entry.range { lines.append(("Range", "\(range)")) }
            if entry.isDebug { lines.append(("Debug", "release builds ignore the stored value")) }
        } else {
            lines.append(("Schema", "none; the type is inferred from the stored value"))
        }
        let hidden = view.model.hidesValue(suite: suite, key: row.key)
        lines.append(
            (
                "Stored",
                row.stored.map { view.model.shown($0, suite: suite, key: row.key) }
                    ?? "(not stored)"
            ))
        if let text = view.model.rows.facts.unexpandedText {
            let shown = view.model.shown(.string(text), suite: suite, key: row.key)
            lines.append(("Expands", "\(shown), its variables expanded when read"))
        }
        // A lock or a system layer puts another value in force than the user's: both are shown, and where it is from.
        switch row.source {
        case .locked, .system:
            let value = row.effective.map { view.model.shown($0, suite: suite, key: row.key) } ?? "(none)"
            lines.append(("In force", value))
            lines.append(("Source", TextEscaping.escaped(row.source.description)))
        case .user, .default, .launchArgument: break
        }
        if case .invalid(let reason) = row.status {
            lines.append(
                ("Problem", hidden ? "the stored value is not accepted by the schema" : TextEscaping.escaped(reason)))
        }
        let provenance = view.model.rows.facts.provenance[row.key] ?? .stored
        if case .problem = provenance {
        } else {
            lines.append(("State", provenance.sentence))
        }
        if let group = view.model.group(of: row.key, inSuite: suite), group.count > 1 {
            let pattern = TextEscaping.escaped(group.pattern)
            lines.append(("Group", "\(pattern), \(group.count) keys; /\(pattern) lists them"))
        }
        if view.model.navigation.bookmarks.contains(suite: suite, key: row.key) {
            lines.append(("Bookmark", "yes; B lists them"))
        }
        if let location = view.model.rows.facts.location {
            lines.append(("Location", TextEscaping.escaped(location)))
        }
        if let format = view.model.rows.facts.format { lines.append(("Format", format)) }
        let changes = view.model.rows.facts.recentChanges
        for (index, change) in changes.enumerated() {
            // Who and when, as the change log (`w`) says them: a system file by its path, and a change no journal
            // dates (a layer or lock file) at the moment the editor saw it.
            let who = ChangeText.writer(change)
            let seen = view.model.live.changeLog.last { $0.change == change }?.time
            let time = (change.writer?.time ?? seen).map(view.model.data.timeText) ?? "at an unknown time"
            let value = change.newValue.map { view.model.shown($0, suite: suite, key: row.key) } ?? "(unset)"
            lines.append((index == 0 ? "Last changes" : "", "\(time) \(value) by \(who)"))
        }
        return lines
    }
}
