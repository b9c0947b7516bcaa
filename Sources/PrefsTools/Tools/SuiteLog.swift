import PrefsCore

/// What `prefs log` does: a suite's changes from its history, who made them and when, oldest first.
public enum SuiteLog {
    /// Prints a suite's changes, one line each (or one JSON object each); secret values are masked unless
    /// ``Secrets/reveal`` is set.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - key: Only this key's changes, when given.
    ///   - limit: Only the newest changes, when given.
    ///   - utc: Whether text lines give times in UTC rather than local time.
    ///   - json: Whether to print JSON lines.
    ///   - context: The store.
    /// - Throws: ``ToolError`` for a suite that does not exist or a store that keeps no history; the store's error
    ///   when the history cannot be read.
    public static func print(
        _ suite: String, key: String?, limit: Int?, utc: Bool, json: Bool, in context: ToolContext
    ) throws {
        let target = try context.existingSuite(suite)
        guard let history = target.changeHistory else {
            throw ToolError("suite \(TextEscaping.quoted(suite)) is in a store that keeps no history", code: .refused)
        }
        let changes = try history.history(key: key, limit: limit)
        let schema = try context.schema(for: suite)
        Output.lines(
            changes.map { change in
                let entry = schema?.entry(forStoredKey: change.key)
                return json
                    ? ChangeText.jsonLine(change, entry: entry) : ChangeText.logLine(change, entry: entry, utc: utc)
            })
    }
}
