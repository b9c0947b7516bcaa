import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTestHelpers
import PrefsTools
import Testing

/// `prefs record`'s script, recorded in-process: quoting, types, filters, secrets, and what is left out and why.
@Suite(.threadOfItsOwn) struct RecordTests {
    /// Records while `changes` runs, and returns the script's lines.
    private static func record(
        _ prefs: InProcessPrefs, _ arguments: [String] = [], while changes: () throws -> Void
    ) throws -> [String] {
        let recorder = prefs.watch(["record"] + arguments)
        #expect(eventually(timeout: .seconds(60)) { recorder.error.contains("recording ") }, "\(recorder.error)")
        try changes()
        // Stopped, the recorder still takes in the changes on their way before it writes the script.
        recorder.kill()
        #expect(eventually(timeout: .seconds(60)) { recorder.hasEnded }, "\(recorder.error)")
        #expect(!recorder.error.contains("prefs:"), "\(recorder.error)")
        return recorder.output
    }

    @Test func everyWordIsQuotedAndEveryTypeExplicit() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "app", "seed", "1")
        let hostile = #"it's $(id) `id` "q" \ x"#
        let lines = try Self.record(prefs, ["app"]) {
            try prefs.run("write", "app", hostile, "a\nb'c")
            try prefs.run("write", "app", "n", "-5", "--type", "int")
            try prefs.run("write", "app", "list", #"{"array":[{"int":1},{"string":"x"}]}"#, "--type", "typed-json")
            try prefs.run("delete", "app", "seed")
            try prefs.run("write", "app", "brief", "x")
            try prefs.run("delete", "app", "brief")
        }
        let commands = lines.drop { $0 != "set -e" }.dropFirst()
        #expect(
            Array(commands.prefix(2)) == [
                #"prefs write --type string -- 'app' 'it'\''s $(id) `id` "q" \ x' 'a"#,
                #"b'\''c'"#,
            ], "\(lines)")
        #expect(commands.contains("prefs write --type int -- 'app' 'n' '-5'"))
        #expect(
            commands.contains(#"prefs write --type typed-json -- 'app' 'list' '{"array":[{"int":1},{"string":"x"}]}'"#))
        #expect(commands.contains("prefs delete --force -- 'app' 'seed'"))
        // Made and removed within the recording: nothing to replay.
        #expect(!commands.contains { $0.contains("'brief'") }, "\(lines)")
        #expect(lines.first == "#!/bin/sh")
        #expect(lines.contains("# Suites: app"))
        #expect(
            !lines.contains { $0.contains(prefs.configDirectory.path) && !$0.hasPrefix("#") },
            "no command names a folder")
    }

    /// A value longer than one argument may be (128 KiB on Linux) goes in a here-document that expands nothing, which
    /// both `sh` and `prefs apply` replay exactly; `sh` stopped half-way with "Argument list too long".
    @Test func aValueLongerThanACommandLineMayHoldReplaysThroughAHereDocument() throws {
        let long =
            (0..<12_000).map { "line \($0): 'quoted' \"double\" $HOME `id` \\ $(id)" }.joined(separator: "\n")
            + "\nPREFS_VALUE\n"
        #expect(long.utf8.count > 256 * 1024)
        // The script as the recorder writes it, from the changes it took in (the watch is tested above).
        var changes = RecordedChanges()
        changes.add(PersistentKeyValueChange(suite: "app", key: "long", oldValue: nil, newValue: .string(long)))
        changes.add(PersistentKeyValueChange(suite: "app", key: "short", oldValue: nil, newValue: .string("s")))
        let script = RecordScript(
            started: Date(), ended: Date(), store: "test", suites: ["app"], filter: RecordFilter(), changes: changes
        ).text(schema: { _ in nil })
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("prefs write --type string --value-file - -- 'app' 'long' <<'PREFS_VALUE_1'"))
        #expect(lines.contains("prefs write --type string -- 'app' 'short' 's'"))

        let byShell = try InProcessPrefs()
        let file = byShell.home.url.appendingPathComponent("replay.sh")
        try Data(script.utf8).write(to: file)
        let folder = try ChildProcess.executable(named: "prefs").deletingLastPathComponent().path
        let path = folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let replayed = try ChildProcess.run(
            "/bin/sh", [file.path], environment: byShell.environment.merging(["PATH": path]) { $1 })
        #expect(replayed.status == 0, "\(replayed.standardError)")
        #expect(try byShell.run("read", "--json", "app", "long").output == (try jsonString(long)) + "\n")
        #expect(try byShell.run("read", "app", "short").output == "s\n")

        let byApply = try InProcessPrefs()
        let applied = try byApply.run("apply", "--yes", "-", input: Data(script.utf8))
        #expect(applied.status == 0, "\(applied.error)")
        #expect(try byApply.run("read", "--json", "app", "long").output == (try jsonString(long)) + "\n")
    }

    /// A string as `prefs read --json` prints it.
    private func jsonString(_ text: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return String(decoding: try encoder.encode(text), as: UTF8.self)
    }

    @Test func volatileSecretAndUnwritableKeysAreLeftOutAndNamed() throws {
        let prefs = try InProcessPrefs()
        try prefs.installSchema(
            """
            {"format": "prefs-schema", "version": 1, "suite": "app", "keys": [
              {"id": "token", "type": "String", "kind": "string", "storage": "string", "optional": false,
               "debug": false, "default": "", "secret": true}
            ]}
            """)
        // Binary, so that it can hold what XML cannot: an escape character.
        try prefs.run("write", "mail", "seed", "1", "--format", "binary")
        let lines = try Self.record(prefs, ["--exclude", "*/skip*"]) {
            try prefs.run("write", "app", "token", "tok-SECRET-1")
            try prefs.run("write", "app", "windowFrame", "0 0 800 600", "--force")
            try prefs.run("write", "app", "launchCount", "4", "--type", "int", "--force")
            try prefs.run("write", "app", "skipMe", "1", "--force")
            try prefs.run("write", "mail", "server", "imap.example.org")
            // A program of its own stores what prefs write refuses: an escape sequence.
            let app = try ChildProcess.run(
                "prefs-test-helper", ["set-string", prefs.configDirectory.path, "mail", "banner", "\u{1B}[31mred"],
                environment: prefs.environment)
            #expect(app.status == 0, "\(app.standardError)")
        }
        let text = lines.joined(separator: "\n")
        #expect(!text.contains("tok-SECRET-1"))
        #expect(lines.contains("#   app/token (secret)"), "\(lines)")
        #expect(lines.contains("#   app/windowFrame (volatile)"))
        #expect(lines.contains("#   app/launchCount (volatile)"))
        #expect(lines.contains("#   app/skipMe (excluded)"))
        #expect(lines.contains { $0.hasPrefix("#   mail/banner (") && $0.contains("control character") }, "\(lines)")
        #expect(!text.contains("\u{1B}"), "the escape never reaches the script, not even its header")
        #expect(lines.contains("# Excluded: */skip*"))
        #expect(lines.contains("prefs write --type string -- 'mail' 'server' 'imap.example.org'"))
        #expect(lines.filter { $0.hasPrefix("prefs ") }.count == 1, "\(lines)")

        // --all keeps the volatile keys; --include keeps only what it names.
        let all = try Self.record(prefs, ["--all", "app"]) {
            try prefs.run("write", "app", "windowFrame", "1 1 800 600", "--force")
        }
        #expect(all.contains("prefs write --type string -- 'app' 'windowFrame' '1 1 800 600'"), "\(all)")
        let only = try Self.record(prefs, ["--include", "mail/*"]) {
            try prefs.run("write", "app", "other", "1", "--force")
            try prefs.run("write", "mail", "server", "pop.example.org")
        }
        #expect(
            only.filter { $0.hasPrefix("prefs ") } == ["prefs write --type string -- 'mail' 'server' 'pop.example.org'"]
        )
    }

    @Test func nativeWritesDefaultsCommandsAndKeepsPrefsLinesWhereDefaultsCannotSayAValue() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "app", "seed", "1", "--format", "binary")
        let lines = try Self.record(prefs, ["app", "--format", "native"]) {
            try prefs.run("write", "app", "n", "3", "--type", "int")
            try prefs.run("write", "app", "on", "true", "--type", "bool")
            try prefs.run("write", "app", "blob", "AAEC/w==", "--type", "data")
            try prefs.run("write", "app", "when", "2026-11-27T10:00:00Z", "--type", "date")
            try prefs.run("write", "app", "moment", "2026-11-27T10:00:00.250Z", "--type", "date")
            try prefs.run("write", "app", "list", #"{"array":[{"int":1},{"string":"x"}]}"#, "--type", "typed-json")
            try prefs.run("delete", "app", "seed")
        }
        #expect(lines.contains("'defaults' 'write' 'app' 'n' '-integer' '3'"), "\(lines)")
        #expect(lines.contains("'defaults' 'write' 'app' 'on' '-bool' 'true'"))
        #expect(lines.contains("'defaults' 'write' 'app' 'blob' '-data' '000102ff'"))
        #expect(lines.contains("'defaults' 'write' 'app' 'when' '-date' '2026-11-27 10:00:00 +0000'"))
        #expect(lines.contains("'defaults' 'delete' 'app' 'seed'"))
        let text = lines.joined(separator: "\n")
        #expect(
            text.contains(
                "'defaults' 'write' 'app' 'list' '<array>\n\t<integer>1</integer>\n\t<string>x</string>\n</array>'"),
            "\(text)")
        // defaults reads -date to the second: the quarter second keeps its prefs line, and the header says so.
        #expect(lines.contains("prefs write --type date -- 'app' 'moment' '2026-11-27T10:00:00.250Z'"), "\(lines)")
        #expect(lines.contains("#   app/moment"), "\(lines)")
    }

    /// A binary property list keeps a date to the Double (an app's `Date()`, to the microsecond): the script gives it
    /// to the digit, alone and inside an array, and applying it elsewhere makes the very same Double.
    @Test func aDateKeptFinerThanAMillisecondReplaysExactly() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "app", "seed", "1", "--format", "binary")
        let moment = Date(timeIntervalSinceReferenceDate: 786_000_000.123456)
        let lines = try Self.record(prefs, ["app"]) {
            try Self.store(of: prefs).suite("app").commit([
                "moment": .date(moment), "moments": .array([.date(moment), .int(1)]),
            ])
        }
        #expect(lines.contains("prefs write --type date -- 'app' 'moment' '2025-11-28T05:20:00.123456Z'"), "\(lines)")
        let replay = try InProcessPrefs()
        try replay.run("write", "app", "seed", "1", "--format", "binary")
        let script = replay.home.url.appendingPathComponent("recorded.sh")
        try Data(lines.joined(separator: "\n").utf8).write(to: script)
        try replay.run("apply", script.path, "--yes")
        let replayed = try Self.store(of: replay).suite("app")
        #expect(replayed.primitiveValue(forKey: "moment") == .date(moment))
        #expect(replayed.primitiveValue(forKey: "moments") == .array([.date(moment), .int(1)]))
    }

    /// The file store `prefs` opens in a fixture, opened as an app would, its journal and layers the fixture's own.
    private static func store(of prefs: InProcessPrefs) throws -> FileStore {
        try FileStore(
            directory: prefs.configDirectory, journalDirectory: prefs.home.url.appendingPathComponent("app-journal"),
            launchArguments: .none, systemDirectories: [])
    }
}

/// The script's rule for secrets, where it lives: a suite whose schema cannot be read may hold secrets, so its keys
/// are left out, named with the reason.
@Suite struct RecordScriptSecretTests {
    private struct Unreadable: Error, CustomStringConvertible {
        var description: String { "the manifest is damaged" }
    }

    @Test func aKeyWhoseSchemaCannotBeReadIsLeftOutAsMaybeSecret() {
        var changes = RecordedChanges()
        changes.add(
            PersistentKeyValueChange(suite: "vault", key: "token", oldValue: nil, newValue: .string("tok-SECRET")))
        changes.add(PersistentKeyValueChange(suite: "app", key: "theme", oldValue: nil, newValue: .string("dark")))
        let script = RecordScript(
            started: Date(), ended: Date(), store: "test", suites: [], filter: RecordFilter(), changes: changes)
        let text = script.text { suite in
            if suite == "vault" { throw Unreadable() }
            return nil
        }
        #expect(!text.contains("tok-SECRET"))
        #expect(
            text.contains("#   vault/token (its schema cannot be read, so it may be secret: the manifest is damaged)"))
        #expect(text.contains("prefs write --type string -- 'app' 'theme' 'dark'"))
    }

    @Test func volatileKeysAreNamedByWholeWordsSoThatOthersAreKept() {
        let filter = RecordFilter()
        for key in [
            "windowFrame", "NSWindow Frame main", "mainWindowPosition", "position", "lastSync", "last-check",
            "app.lastUpdate", "recentFiles", "recent-files", "launchCount", "unread-count", "retryCounter",
        ] {
            #expect(filter.reasonToLeaveOut(suite: "app", key: key) == "volatile", "\(key)")
        }
        for key in ["account", "composition", "framework", "disposition", "lastly", "theme", "counterpart"] {
            #expect(filter.reasonToLeaveOut(suite: "app", key: key) == nil, "\(key)")
        }
        #expect(RecordFilter(keepsVolatile: true).reasonToLeaveOut(suite: "app", key: "windowFrame") == nil)
    }
}
