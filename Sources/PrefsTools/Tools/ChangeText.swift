public import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How changes are written by `prefs watch` and `prefs log`: one line of text, or one JSON object per line.
public enum ChangeText {
    /// A change as `prefs watch` prints it: time, suite, key, new value and writer.
    ///
    /// A key removed from a suite whose schema gives it a default is said to be reset to that default, which is the
    /// value in force from then on, as `gsettings monitor` prints it; without a default, it is removed.
    ///
    /// - Parameters:
    ///   - change: The change.
    ///   - entry: The key's schema entry, which renders the value.
    ///   - utc: Whether to write the time in UTC rather than local time.
    /// - Returns: One line, holding no control character.
    public static func watchLine(
        _ change: PersistentKeyValueChange, entry: PreferenceSchemaEntry?, utc: Bool = false
    ) -> String {
        let time = TimeText.format(change.writer?.time ?? Date(), utc: utc)
        let suite = ValueText.key(change.suite ?? "")
        let value =
            if let new = change.newValue {
                "= \(ValueText.inline(new, entry: entry))"
            } else if let entry, let fallback = entry.defaultValue {
                "reset to its default \(ValueText.inline(fallback, entry: entry))"
            } else {
                "removed"
            }
        return "\(time) \(suite) \(ValueText.key(change.key)) \(value) (\(writer(change)))"
    }

    /// A change of a history as `prefs log` prints it: time, key (after its suite, for a log of every suite), old and
    /// new values, and writer.
    ///
    /// - Parameters:
    ///   - change: The change.
    ///   - entry: The key's schema entry, which says whether it is secret.
    ///   - utc: Whether to write the time in UTC rather than local time.
    ///   - showingSuite: Whether to name the suite before the key.
    /// - Returns: One line, holding no control character.
    public static func logLine(
        _ change: PersistentKeyValueChange, entry: PreferenceSchemaEntry? = nil, utc: Bool = false,
        showingSuite: Bool = false
    ) -> String {
        let show = { (value: PropertyListValue?) in
            if change.isAbridged { return entry?.isSecret == true ? Secrets.mask : "(too large to keep)" }
            return value.map { ValueText.inline($0, entry: entry) } ?? "(unset)"
        }
        let who = change.writer.flatMap { isKnown($0) ? "by " + describe($0) : nil } ?? Self.notRecorded
        let suite = showingSuite ? ValueText.key(change.suite ?? "") + " " : ""
        return "\(TimeText.format(change.writer?.time ?? Date(), utc: utc))  \(suite)\(ValueText.key(change.key)): "
            + "\(show(change.oldValue)) -> \(show(change.newValue))  \(who)"
    }

    /// Who made a change, for people: process, pid and host, the system layer or lock file that changed, or what an
    /// unknown writer undid.
    public static func writer(_ change: PersistentKeyValueChange) -> String {
        if let file = change.systemLayer { return "system file \(TextEscaping.escaped(file))" }
        guard let writer = change.writer, isKnown(writer) else {
            // A program that takes no part in the journal put back what a known write had replaced.
            guard let reverted = change.reverted else { return notRecorded }
            return "reverted, \(notRecorded): it undid \(describe(reverted))'s write"
        }
        return describe(writer)
    }

    /// What is said of a change whose writer nothing recorded: a program that journals nothing, where no bus or
    /// server could tell who it was (a hand edit, a plain `UserDefaults` app), as the editor's state column says.
    public static let notRecorded = "writer not recorded"

    /// Whether a writer can be named: a process of the journal's (with its pid), or a client the store itself names
    /// (PostgreSQL's `application_name`, such as `psql`, and its address).
    static func isKnown(_ writer: PersistentKeyValueChange.Writer) -> Bool {
        writer.pid != nil || writer.processName != nil
    }

    /// A writer for people: `process pid N on host`.
    public static func describe(_ writer: PersistentKeyValueChange.Writer) -> String {
        let host = writer.host.map { " on \(TextEscaping.escaped($0))" } ?? ""
        let pid = writer.pid.map { " pid \($0)" } ?? ""
        return "\(TextEscaping.escaped(writer.processName ?? "?"))\(pid)\(host)"
    }

    /// A change as one JSON object, for `prefs watch --json` and `prefs log --json`.
    ///
    /// The object holds `time`, `suite`, `key`, `old` and `new` (JSON values; dates as ISO 8601, data as base64),
    /// `origin`, and when known `pid`, `process`, `host`, `system` (the layer or lock file that made the change),
    /// `reverted` and `abridged`; a key removed whose schema gives it a default has that value in force as `default`.
    ///
    /// - Parameters:
    ///   - change: The change.
    ///   - entry: The key's schema entry, which says whether it is secret.
    /// - Returns: Compact JSON text, holding no raw control character.
    public static func jsonLine(_ change: PersistentKeyValueChange, entry: PreferenceSchemaEntry? = nil) -> String {
        var object: [String: Any] = [
            "time": PropertyListValue.date(change.writer?.time ?? Date()).text,
            "suite": change.suite ?? "", "key": change.key,
            "old": ValueText.json(change.oldValue, entry: entry), "new": ValueText.json(change.newValue, entry: entry),
            "origin": change.origin == .thisProcess ? "this process" : "another process",
        ]
        object["pid"] = change.writer?.pid.map { Int($0) }
        object["process"] = change.writer?.processName
        object["host"] = change.writer?.host
        object["system"] = change.systemLayer
        if change.isAbridged { object["abridged"] = true }
        if change.newValue == nil, let fallback = entry?.defaultValue {
            object["default"] = ValueText.json(fallback, entry: entry)
        }
        if let reverted = change.reverted {
            var undone: [String: Any] = [:]
            undone["pid"] = reverted.pid.map { Int($0) }
            undone["process"] = reverted.processName
            undone["time"] = reverted.time.map { PropertyListValue.date($0).text }
            object["reverted"] = undone
        }
        return Output.jsonText(object)
    }
}
