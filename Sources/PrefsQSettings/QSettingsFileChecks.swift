/// Checks of the QSettings INI reader and editor on arbitrary bytes, for the fuzz target in `Fuzz/`, which can reach
/// only public API.
@_spi(Fuzzing)
public enum QSettingsFileChecks {
    /// Reads bytes as a QSettings file and every value in it, and edits one key: an edit of a file Qt reads whole
    /// must be kept (the editor's own check that no other key changes must hold), one of a file Qt skips part of
    /// refused.
    ///
    /// - Parameter bytes: Any bytes.
    /// - Returns: `nil` when the invariants hold, otherwise what went wrong.
    public static func check(_ bytes: [UInt8]) -> String? {
        guard bytes.count <= QSettingsFile.limit else { return nil }
        let file = QSettingsFile(bytes)
        let values = file.values
        let key = file.keys.last ?? "fuzz/key"
        do {
            let edited = try file.edited([key: .string("edited, \"quoted\""), "new/key": .size(width: 1, height: 2)])
            if file.problem != nil { return "a file Qt skips part of was edited" }
            let again = edited.values
            if again[key] != .string("edited, \"quoted\"") { return "the edited key does not read as written" }
            for (other, value) in values where other != key && other != "new/key" && again[other] != value {
                return "an edit of \(key) changed \(other)"
            }
        } catch {
            if file.problem == nil { return "an edit of a file Qt reads whole was refused: \(error)" }
        }
        return nil
    }
}
