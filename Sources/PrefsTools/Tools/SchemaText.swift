public import PrefsCore

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
        if entry.isVolatile { line += "  [volatile]" }
        if let summary = entry.summary { line += "  # \(TextEscaping.escaped(summary))" }
        return line
    }

    /// A key as `prefs schema show` prints it: its ``line(_:)``, then its description, indented, on the lines after.
    ///
    /// The description is the documentation a user reads before changing a value, so it is kept whole; each of its
    /// lines is escaped, so that a manifest cannot send control characters to the terminal.
    public static func lines(_ entry: PreferenceSchemaEntry) -> [String] {
        let details = entry.description.map { $0.split(separator: "\n", omittingEmptySubsequences: false) } ?? []
        return [line(entry)] + details.map { "    " + TextEscaping.escaped(String($0)) }
    }
}
