#if PostgreSQL
import Foundation
import PrefsPostgres
import PrefsTestHelpers
import Testing

/// `prefs` on a PostgreSQL store: `--store` and `PREFS_STORE`, against a real server.
///
/// Command lines run in-process, with the PostgreSQL stores `prefs-postgres` has (the handover to it is tested on its
/// own); the watch and the editor are processes of their own.
@Suite(.threadOfItsOwn, PostgresServer.needed) struct PostgresCLITests {

    @Test func readWriteDeleteAndListThroughStoreAndTheEnvironment() throws {
        let server = try PostgresServer.require()
        let url = server.url(table: PostgresServer.uniqueTable("cli"))
        let cli = try InProcessPrefs.withPostgres()
        #expect(try cli.run("write", "--store", url, "app", "theme", "dark").status == 0)
        #expect(try cli.run("write", "--store", url, "app", "count", "3", "--type", "int").status == 0)
        #expect(try cli.run("read", "--store", url, "app", "theme").output == "dark\n")
        #expect(try cli.run("read", "--store", url, "app").output == "count = 3\ntheme = dark\n")
        #expect(try cli.run("suites", "--store", url).output == "app\n")
        #expect(!FileManager.default.fileExists(atPath: cli.suiteFile("app").path), "nothing went to the files")

        let viaEnvironment = cli.run(["read", "app", "count"], extraEnvironment: ["PREFS_STORE": url])
        #expect(viaEnvironment.output == "3\n")

        #expect(try cli.run("delete", "--store", url, "app", "theme").status == 0)
        let missing = try cli.run("read", "--store", url, "app", "theme")
        #expect(missing.status == 1)
        #expect(missing.error == "prefs: unknown key \"theme\" in suite \"app\"\n")

        // The whole suite: every stored row goes in one write, the suite leaves the list, and undo brings it back.
        #expect(try cli.run("write", "--store", url, "other", "k", "v").status == 0)
        #expect(try cli.run("delete", "--store", url, "app", "--force").status == 0)
        #expect(try cli.run("suites", "--store", url).output == "other\n")
        #expect(try cli.run("undo", "--store", url, "app").output == "count: (unset) -> 3\n")
        #expect(try cli.run("read", "--store", url, "app").output == "count = 3\n")
    }

    @Test func everyCommandWorksOnAPostgresStoreWithGlobalOptionsAnywhere() throws {
        let server = try PostgresServer.require()
        let url = server.url(table: PostgresServer.uniqueTable("every"))
        let cli = try InProcessPrefs.withPostgres()
        // Global options before the subcommand, as the README writes them.
        #expect(try cli.run("--store", url, "write", "app", "a", "1", "--type", "int").status == 0)
        #expect(try cli.run("--store", url, "--json", "read", "app", "a").output == "1\n")
        #expect(try cli.run("write", "app", "b", "two", "--store", url).status == 0)

        // import is one write; log shows it; undo takes all of it back; a second undo goes on to the write before, and
        // redo makes both again.
        let document = cli.home.url.appendingPathComponent("doc.json")
        try Data(#"{"c": 3, "d": "four"}"#.utf8).write(to: document)
        #expect(try cli.run("import", "--store", url, "app", document.path).status == 0)
        let log = try cli.run("log", "--store", url, "app").output.split(separator: "\n")
        #expect(log.count == 4)
        // The writer is the command that made the change, in the process that ran it: this one.
        let writer = "by \(InProcessPrefs.writer("import"))"
        #expect(log.contains { $0.contains("d: (unset) -> four  \(writer)") }, "\(log)")
        #expect(try cli.run("undo", "--store", url, "app").output == "c: 3 -> (unset)\nd: four -> (unset)\n")
        #expect(try cli.run("read", "--store", url, "app").output == "a = 1\nb = two\n")
        #expect(try cli.run("undo", "--store", url, "app").output == "b: two -> (unset)\n")
        #expect(try cli.run("read", "--store", url, "app").output == "a = 1\n")
        #expect(try cli.run("redo", "--store", url, "app", "--steps", "2").status == 0)
        #expect(try cli.run("read", "--store", url, "app", "d").output == "four\n")

        // export, diff --against, find.
        let exported = try cli.run("export", "--store", url, "app", "--format", "json")
        #expect(exported.output.contains(#""d" : "four""#))
        try Data(exported.output.utf8).write(to: document)
        #expect(try cli.run("diff", "--store", url, "app", "--against", document.path).output == "")
        try cli.run("write", "--store", url, "app", "b", "three")
        #expect(
            try cli.run("diff", "--store", url, "app", "--against", document.path).output
                == "~ b = three  (file: two)\n")
        #expect(try cli.run("find", "--store", url, "thr").output == "app b = three\n")

        // Schemas live in the database: install, list, show, check a write, uninstall.
        let manifest = cli.home.url.appendingPathComponent("schema.json")
        try Data(
            (#"{"format": "prefs-schema", "version": 1, "suite": "app", "keys": [{"id": "a", "type": "Int", "#
                + #""kind": "int", "storage": "int", "optional": false, "debug": false, "default": 0}]}"#).utf8
        ).write(to: manifest)
        #expect(try cli.run("schema", "install", "--store", url, manifest.path).status == 0)
        #expect(try cli.run("schema", "list", "--store", url).output == "app\n")
        #expect(try cli.run("schema", "show", "--store", url, "app").output == "a (int) = 0\n")
        let refused = try cli.run("write", "--store", url, "app", "a", "x")
        #expect(refused.status == 1)
        #expect(try cli.run("diff", "--store", url, "app").output.contains("~ a = 1  (default: 0)"))
        #expect(try cli.run("schema", "uninstall", "--store", url, "app").status == 0)
        #expect(try cli.run("schema", "list", "--store", url).output == "")
        #expect(!FileManager.default.fileExists(atPath: cli.suiteFile("app").path), "nothing went to the files")
    }

    @Test func tableNamesThatPostgresReservesAreRefusedByName() throws {
        let cli = try InProcessPrefs.withPostgres()
        for word in ["select", "user", "table"] {
            let result = try cli.run("read", "--store", "postgres://u@127.0.0.1:1/db?table=\(word)", "app")
            #expect(result.status == 64, "a usage error")
            #expect(result.error.contains("the table name \(word) is a reserved word in PostgreSQL"))
        }
        // The list agrees with the server's own.
        let server = try PostgresServer.require()
        let reserved = try server.psql("SELECT word FROM pg_get_keywords() WHERE catcode IN ('R', 'T')")
        #expect(reserved.count > 50)
        for word in reserved {
            #expect(throws: PostgresStoreError.self) { try PostgresLocation("postgres://u@h/db?table=\(word)") }
        }
    }

    /// A table named as a store's history, schemas or channel would tangle two stores: refused, naming the table.
    @Test func aTableNamedAsAStoresOwnCompanionIsRefused() throws {
        for name in ["prefs_values_history", "prefs_values_schemas", "team_changes"] {
            #expect {
                try PostgresLocation("postgres://u@h/db?table=\(name)")
            } throws: { error in
                "\(error)".contains("ends in _") && "\(error)".contains("such as table=")
            }
        }
        #expect(try PostgresLocation("postgres://u@h/db?table=history").table == "history")
    }

    @Test func sslModesAreReadAndTLSIsRequiredWhenAsked() throws {
        let server = try PostgresServer.require()
        #expect(try PostgresLocation(server.url(table: "t") + "&sslmode=verify-full").tlsMode == .verifyFull)
        #expect(try PostgresLocation(server.url(table: "t")).tlsMode == .prefer)
        #expect(throws: PostgresStoreError.self) { try PostgresLocation("postgres://u@h/db?sslmode=sometimes") }
        // The test server offers no TLS: prefer and disable connect, require refuses, saying why.
        let cli = try InProcessPrefs.withPostgres()
        for mode in ["disable", "prefer"] {
            let url = server.url(table: PostgresServer.uniqueTable("tls")) + "&sslmode=\(mode)"
            #expect(try cli.run("write", "--store", url, "app", "k", "v").status == 0, "sslmode=\(mode)")
        }
        let required = try cli.run(
            "write", "--store", server.url(table: PostgresServer.uniqueTable("tls")) + "&sslmode=require", "app", "k",
            "v")
        #expect(required.status == 1)
        #expect(required.error.hasPrefix("prefs: cannot reach the PostgreSQL store at "))
        // In words, with the way out; never the library's names for it.
        #expect(
            required.error.hasSuffix(
                ": the server does not accept TLS (sslmode=disable in the URL connects "
                    + "without it, in clear)\n"), "\(required.error)")
    }

    @Test func badStoresAreOneLineErrors() throws {
        let cli = try InProcessPrefs.withPostgres()
        let bad = try cli.run("read", "--store", "mysql://localhost/x", "app")
        #expect(bad.status == 64, "a usage error")
        #expect(bad.error.hasPrefix("prefs: not a PostgreSQL store URL: \"mysql://localhost/x\""))
        #expect(bad.error.split(separator: "\n").count == 1)
        let unreachable = try cli.run("write", "--store", "postgres://postgres@127.0.0.1:1/x", "app", "k", "v")
        #expect(unreachable.status == 1)
        #expect(
            unreachable.error.hasPrefix("prefs: cannot reach the PostgreSQL store at postgres://postgres@127.0.0.1:1/"))
        #expect(unreachable.error.hasSuffix(": 127.0.0.1:1: Connection refused\n"), "\(unreachable.error)")
        #expect(!unreachable.error.contains("SingleConnectionFailure"), "\(unreachable.error)")
        let log = try cli.run("log", "--store", "postgres://postgres@127.0.0.1:1/x", "app")
        #expect(log.status == 1)
        #expect(log.error.hasPrefix("prefs: cannot reach the PostgreSQL store at postgres://postgres@127.0.0.1:1/"))
    }

    /// The watch runs in this process; the other client is an app of its own on PrefsKit's PostgreSQL store.
    @Test func watchSeesAnotherClientsWriteWithItsHostAndPid() throws {
        let server = try PostgresServer.require()
        let url = server.url(table: PostgresServer.uniqueTable("watch"))
        let prefs = try InProcessPrefs.withPostgres()
        let watcher = prefs.watch("watch", "--store", url, "shared")
        defer { watcher.kill() }
        var seen = false
        for attempt in 0..<50 where !seen {
            try prefs.run("write", "--store", url, "shared", "ready", "\(attempt)")
            seen = watcher.waitForLine(timeout: .milliseconds(300)) { $0.contains("shared ready = ") }
        }
        #expect(seen)
        // The app declares the name its writes are journaled under; the server keeps it beside the host.
        let app = try ChildProcess.run(
            "prefs-test-helper", ["pg-write", url, "theme", "1"], environment: ["PREFS_TEST_WRITER_NAME": "mail-sync"])
        #expect(app.status == 0, "\(app.standardError)")
        let host = ProcessInfo.processInfo.hostName
        #expect(
            watcher.waitForLine {
                $0.contains("shared theme-0 = 0 (mail-sync pid \(app.pid) ") && $0.hasSuffix(" on \(host))")
            }, "\(watcher.output)")
        let log = try prefs.run("log", "--store", url, "shared", "theme-0").lines
        #expect(log.last?.hasSuffix("by mail-sync pid \(app.pid) on \(host)") == true, "\(log)")
        #expect(
            try prefs.run("log", "--store", url, "shared", "ready").lines.last?.hasSuffix(
                "by \(InProcessPrefs.writer()) on \(host)") == true)
    }

    /// PostgreSQL has no tool of its own to replay a recording with: `--format native` is refused before recording.
    @Test func aNativeRecordingIsRefusedWithTheWayOut() throws {
        let url = try PostgresServer.require().url(table: PostgresServer.uniqueTable("native"))
        let prefs = try InProcessPrefs.withPostgres()
        let recorder = prefs.watch("record", "--store", url, "--format", "native")
        #expect(eventually(timeout: .seconds(60)) { recorder.hasEnded })
        #expect(recorder.error.contains("has no tool of its own to replay with; record without --format native"))
        #expect(!recorder.error.contains("recording "), "\(recorder.error)")
    }

    /// The editor runs in-process, as `prefs-postgres tui` runs it, on a terminal in memory.
    @Test func theEditorBrowsesAPostgresStoreAndRefreshesLive() throws {
        let server = try PostgresServer.require()
        let url = server.url(table: PostgresServer.uniqueTable("tui"))
        let prefs = try InProcessPrefs.withPostgres()
        try prefs.run("write", "--store", url, "app", "theme", "dark")
        let editor = prefs.editor("tui", "--store", url)
        #expect(editor.waitFor { $0.contains("postgres://postgres@127.0.0.1") && $0.contains("app") })
        editor.type(.key(.enter))
        #expect(editor.waitFor { $0.contains("theme") && $0.contains("dark") })
        // `prefs write` on a connection of its own: another client of the server.
        try prefs.run("write", "--store", url, "app", "theme", "black")
        #expect(editor.waitFor { $0.contains("black") }, "another client's write appears")
        editor.type(.key(.enter), .control("u"))
        editor.type("light")
        editor.type(.key(.enter))
        #expect(editor.waitFor { $0.contains("theme = light") }, "\(editor.screen)")
        #expect(try prefs.run("read", "--store", url, "app", "theme").output == "light\n")
        // A schema another client installs shows at once: its keys no one has set join the list.
        try PostgresStore(url: url).schemaSource.installSchema(Data(SchemaFixtures.app.utf8), suite: nil)
        #expect(editor.waitFor { $0.contains("fontScale") }, "\(editor.screen)")
        editor.type("qq")
        #expect(editor.waitUntilEnded()?.status == 0)
    }

    /// A lost server leaves the editor's screen stale, and it says so until another client's change arrives again.
    ///
    /// The editor runs in-process; the server is stopped and started again for real.
    @Test func theEditorSaysLiveUpdatesStoppedWhileTheServerIsGone() throws {
        let server = try PostgresServer.startPrivate()
        defer { server.stop() }
        let url = server.url(table: "live")
        let prefs = try InProcessPrefs.withPostgres()
        try prefs.run("write", "--store", url, "app", "theme", "dark")
        let editor = prefs.editor("tui", "--store", url, "app")
        #expect(editor.waitFor { $0.contains("theme") && $0.contains("dark") })
        // Down until the editor has said so: a restart quick enough for the listener's first reconnect left nothing
        // to say, and the test waited in vain (CI saw it under load).
        try server.crash()
        let said = eventually(timeout: .seconds(60)) { editor.screen.contains("live updates stopped: cannot reach") }
        try server.startAgain()
        #expect(said, "\(editor.screen)")
        // Back: another client's write is seen again, and the notice goes.
        var attempt = 0
        let back = eventually(timeout: .seconds(30)) {
            attempt += 1
            _ = try? prefs.run("write", "--store", url, "app", "theme", "v\(attempt)")
            let screen = editor.screen
            return screen.contains("live updates are back") && !screen.contains("live updates stopped")
        }
        #expect(back, "\(editor.screen)")
        editor.type("qq")
        #expect(editor.waitUntilEnded()?.status == 0)
    }
}
#endif
