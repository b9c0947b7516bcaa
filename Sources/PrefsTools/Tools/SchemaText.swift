public import PrefsKit

/// How `prefs schema show` describes a suite's keys.
public enum SchemaText {
    /// One key on one line: name, storage, default, choices, range, debug and summary.
    public static func line(_ entry: PreferenceSchemaEntry) -> String {
        var line = "\(ValueText.key(entry.id)) (\(entry.storage))"
        if let value = entry.defaultValue { line += " = \(ValueText.inline(value, entry: entry))" }
        if !entry.choices.isEmpty {
            line += "  one of: " + entry.choices.map { ValueText.inline($0, entry: entry) }.joined(separator: ", ")
        }
        if let range = entry.range { line += "  range: \(range)" }
        if entry.isDebug { line += "  [debug]" }
        if let summary = entry.summary { line += "  # \(TextEscaping.escaped(summary))" }
        return line
    }
}
