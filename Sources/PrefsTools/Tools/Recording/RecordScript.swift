public import PrefsCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The `sh` script `prefs record` writes: a header saying when, from which store and what was left out, then one
/// `prefs write` or `prefs delete` per key, its final change, in first-change order.
///
/// Every word is quoted (``ShellWord/scriptWord(_:)``), every value's type is explicit, and no line names a store or folder, so the
/// script replays wherever `prefs` points (`--store`, `PREFS_STORE`, `XDG_CONFIG_HOME`), on another machine too.
public struct RecordScript: Sendable {
    /// When the recording began and ended.
    public var started: Date
    public var ended: Date
    /// The store recorded, for the header only.
    public var store: String
    /// The suites recorded; every suite when empty.
    public var suites: [String]
    /// Which keys were kept.
    public var filter: RecordFilter
    /// What each key ended as.
    public var changes: RecordedChanges

    /// Creates a script.
    public init(
        started: Date, ended: Date, store: String, suites: [String], filter: RecordFilter, changes: RecordedChanges
    ) {
        (self.started, self.ended, self.store, self.suites) = (started, ended, store, suites)
        (self.filter, self.changes) = (filter, changes)
    }

    /// How the script changes keys: with `prefs`, or with the store's own tool (`--format native`).
    public enum Format: String, Sendable, CaseIterable {
        case prefs, native
    }

    /// The script's text.
    ///
    /// - Parameters:
    ///   - schema: A suite's schema, which says which keys are secret; those are left out, as `export` leaves them
    ///     out, and so is every key of a suite whose schema cannot be read, which might be secret.
    ///   - native: The store's own tool, for `--format native`; a value it cannot say exactly keeps its `prefs`
    ///     line, named in the header.
    /// - Returns: The script, ending in a newline.
    public func text(schema: (String) throws -> PreferenceSchema?, native: (any NativeCommands)? = nil) -> String {
        var lines: [String] = []
        var leftOut: [String] = []
        var notNative: [String] = []
        for entry in changes.entries {
            let name = TextEscaping.escaped(entry.suite + "/" + entry.key)
            if let reason = filter.reasonToLeaveOut(suite: entry.suite, key: entry.key) {
                leftOut.append("\(name) (\(reason))")
            } else if let secret = Self.isSecret(entry, schema) {
                leftOut.append("\(name) (\(secret))")
            } else {
                do {
                    let command = try Self.command(entry)
                    if let native, let words = Self.nativeWords(entry, native) {
                        lines.append(words.map(ShellWord.scriptWord).joined(separator: " "))
                    } else {
                        if native != nil { notNative.append(name) }
                        lines.append(command)
                    }
                } catch {
                    leftOut.append("\(name) (\(error))")
                }
            }
        }
        var header = header(leftOut: leftOut)
        if let native {
            header.append("# Written for \(native.toolName); prefs write lines where it cannot say a value exactly:")
            header += notNative.isEmpty ? ["#   none"] : notNative.map { "#   \($0)" }
        }
        return (header + ["set -e"] + lines).joined(separator: "\n") + "\n"
    }

    /// Why a key must be left out as a secret, or `nil` when it need not: the schema marks it secret, or the schema
    /// cannot be read to tell.
    private static func isSecret(_ entry: RecordedChanges.Entry, _ schema: (String) throws -> PreferenceSchema?)
        -> String?
    {
        do {
            return try schema(entry.suite)?.entry(forStoredKey: entry.key)?.isSecret == true ? "secret" : nil
        } catch {
            return "its schema cannot be read, so it may be secret: \(error)"
        }
    }

    /// The store's own tool's words for a key's final change, or `nil` when it cannot say the value exactly.
    private static func nativeWords(_ entry: RecordedChanges.Entry, _ native: any NativeCommands) -> [String]? {
        guard let value = entry.value else { return native.removing(key: entry.key, inSuite: entry.suite) }
        return native.setting(value, forKey: entry.key, inSuite: entry.suite)
    }

    private func header(leftOut: [String]) -> [String] {
        let span = "\(TimeText.format(started, utc: false)) to \(TimeText.format(ended, utc: false))"
        var header = [
            "#!/bin/sh",
            "# Recorded by prefs record from \(span), on \(TextEscaping.escaped(store)).",
            "# Replays wherever prefs points (--store, PREFS_STORE, XDG_CONFIG_HOME): no line names a store.",
            "# Suites: "
                + (suites.isEmpty ? "every suite" : suites.map { TextEscaping.escaped($0) }.joined(separator: ", ")),
        ]
        if !filter.include.isEmpty {
            header.append("# Included: " + filter.include.map { TextEscaping.escaped($0) }.joined(separator: " "))
        }
        if !filter.exclude.isEmpty {
            header.append("# Excluded: " + filter.exclude.map { TextEscaping.escaped($0) }.joined(separator: " "))
        }
        if !filter.keepsVolatile {
            header.append(
                "# Volatile keys left out (prefs record --all keeps them): "
                    + RecordFilter.volatile.joined(separator: " "))
        }
        header.append("# \(changes.count) key(s) changed" + (leftOut.isEmpty ? "; none left out." : "; left out:"))
        header += leftOut.map { "#   \($0)" }
        return header
    }

    /// The command that gives a key its final value, every word quoted and the type explicit.
    ///
    /// - Throws: ``ToolError`` for a value `prefs write` would refuse (a control character, a number that is not
    ///   finite), or a key it would; such a key is left out and said in the header.
    static func command(_ entry: RecordedChanges.Entry) throws -> String {
        try ValueText.checkKeyName(entry.key)
        guard let value = entry.value else {
            // --force: a key the store where the script runs never held is already as the recording left it.
            return (["prefs", "delete", "--force", "--"] + [entry.suite, entry.key].map(ShellWord.scriptWord))
                .joined(separator: " ")
        }
        try ValueText.checkPrintable(value, what: "value")
        let (type, text) = try typed(value)
        guard text.utf8.count > ValueFile.longestArgument else {
            return
                (["prefs", "write", "--type", type, "--"] + [entry.suite, entry.key, text].map(ShellWord.scriptWord))
                .joined(separator: " ")
        }
        // Longer than one argument may be (sh stopped half-way with "Argument list too long"): the value goes in a
        // here-document, its delimiter quoted so that nothing in it is expanded, and one no line of it is.
        let lines = Set(text.split(separator: "\n", omittingEmptySubsequences: false))
        var delimiter = "PREFS_VALUE"
        var suffix = 0
        while lines.contains(Substring(delimiter)) {
            suffix += 1
            delimiter = "PREFS_VALUE_\(suffix)"
        }
        let words =
            ["prefs", "write", "--type", type, "--value-file", "-", "--"]
            + [entry.suite, entry.key].map(ShellWord.scriptWord)
        return (words + ["<<'\(delimiter)'"]).joined(separator: " ") + "\n" + text + "\n" + delimiter
    }

    /// A value as `prefs write` reads it back exactly: its type and its text.
    private static func typed(_ value: PropertyListValue) throws -> (type: String, text: String) {
        switch value {
        case .string(let text): return ("string", text)
        case .int(let number): return ("int", String(number))
        case .unsignedInt(let number): return ("int", String(number))
        case .double(let number):
            guard number.isFinite else {
                throw ToolError("\(number) is not a number prefs write takes", code: .invalidValue)
            }
            // Swift prints the shortest text that reads back as the same double.
            return ("float", "\(number)")
        case .bool(let flag): return ("bool", flag ? "true" : "false")
        case .date, .data: return (value.kind == .date ? "date" : "data", value.text)
        case .array, .dictionary:
            let json = String(decoding: try TypedDocument.text(value, pretty: false), as: UTF8.self)
            return ("typed-json", String(json.dropLast()))
        }
    }
}
