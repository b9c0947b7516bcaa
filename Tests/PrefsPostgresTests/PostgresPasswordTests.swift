import Foundation
import PrefsTestHelpers
import Testing

/// A PostgreSQL URL's password is shown nowhere: not in an error about the URL (text or JSON), not in the arguments of
/// the `prefs-postgres` that `prefs` hands the command to, which every user can read; a port that is no port is
/// refused; the helper runs only for a `prefs` of its own version; a secret survives a restore on PostgreSQL too.
@Suite(PostgresServer.needed) struct PostgresPasswordTests {
    static let password = "hunter2-PG-PASSWORD"

    /// The server's URL with a password, which its trust authentication ignores.
    private static func urlWithPassword(_ server: PostgresServer, table: String) -> String {
        server.url(table: table).replacingOccurrences(of: "://postgres@", with: "://postgres:\(password)@")
    }

    @Test(arguments: ["sslmode=required", "unknown=1", "table=Bad-Name", "statement_timeout=forever"])
    func anErrorAboutTheURLNeverShowsItsPassword(query: String) throws {
        let cli = try PrefsCLI()
        let url = "postgres://prefs:\(Self.password)@127.0.0.1:5432/prefs?\(query)"
        for arguments in [["read", "--store", url, "s"], ["read", "--store", url, "s", "--json"]] {
            let refused = try cli.run(arguments)
            #expect(refused.status != 0, "\(arguments)")
            #expect(!refused.error.contains(Self.password), "\(refused.error)")
            #expect(refused.error.contains("postgres://prefs:••••@127.0.0.1:5432/prefs"), "\(refused.error)")
        }
    }

    @Test func aPortOutsideOneTo65535IsRefusedRatherThanWrapped() throws {
        let cli = try PrefsCLI()
        let refused = try cli.run("write", "--store", "postgres://prefs@127.0.0.1:70000/prefs", "s", "k", "v")
        #expect(refused.status == 1)
        #expect(
            refused.error
                == "prefs: not a PostgreSQL store URL: \"postgres://prefs@127.0.0.1:70000/prefs\": the port must be "
                + "from 1 to 65535\n")
    }

    @Test func thePasswordNeverReachesTheHelpersArguments() throws {
        let server = try PostgresServer.require()
        let url = Self.urlWithPassword(server, table: PostgresServer.uniqueTable("argv"))
        let cli = try PrefsCLI()
        #expect(try cli.run("write", "--store", url, "s", "k", "1").status == 0)
        // `prefs` replaces itself with the helper, so the watch's process is the helper's.
        let watch = try cli.start("watch", "--store", url, "s")
        defer { watch.kill() }
        var environment = cli.environment
        environment["PREFS_STORE"] = url
        var seen = false
        for attempt in 0..<100 where !seen {
            _ = try ChildProcess.run("prefs", ["write", "s", "ready", "\(attempt)"], environment: environment)
            seen = watch.waitForLine(timeout: .milliseconds(200)) { $0.contains("s ready = ") }
        }
        #expect(seen)
        let arguments = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(watch.pid)/cmdline"))
            .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(
            arguments.dropFirst() == [
                "watch", "--store", url.replacingOccurrences(of: Self.password, with: "••••"), "s",
            ])
        #expect(!arguments.joined().contains(Self.password))
    }

    @Test func theHelperRefusesToRunForAnotherVersionOfPrefs() throws {
        let cli = try PrefsCLI()
        var environment = cli.environment
        environment["PREFS_HANDOVER_VERSION"] = "0.0.1"
        let run = try ChildProcess.run("prefs-postgres", ["suites"], environment: environment)
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("prefs: prefs-postgres "))
        #expect(
            run.standardError.hasSuffix(
                " is not the helper of this prefs, which is \"0.0.1\"; install both from one build (scripts/install --with-postgres)\n"
            ))
    }

    @Test func restoringABackupKeepsASecretUnderItsFormerName() throws {
        let server = try PostgresServer.require()
        let url = server.url(table: PostgresServer.uniqueTable("restore"))
        let cli = try PrefsCLI()
        let manifest = cli.home.url.appendingPathComponent("schema.json")
        try Data(
            (#"{"format": "prefs-schema", "version": 1, "suite": "app", "keys": [{"id": "token", "type": "String", "#
                + #""kind": "string", "storage": "string", "optional": false, "debug": false, "default": "", "#
                + #""secret": true, "formerly": ["apiToken"]}]}"#).utf8
        ).write(to: manifest)
        #expect(try cli.run("schema", "install", "--store", url, manifest.path).status == 0)
        #expect(try cli.run("--store", url, "write", "app", "apiToken", Self.password, "--force").status == 0)
        #expect(try cli.run("--store", url, "write", "app", "other", "1", "--force").status == 0)
        let backup = cli.home.url.appendingPathComponent("e.json")
        #expect(try cli.run("--store", url, "export", "app", "--format", "json", "-o", backup.path).status == 0)
        #expect(try cli.run("--store", url, "import", "app", backup.path, "--replace", "--force").status == 0)
        #expect(try cli.run("--store", url, "read", "app", "apiToken", "--reveal").output == Self.password + "\n")
        let dump = cli.home.url.appendingPathComponent("all.json")
        #expect(try cli.run("--store", url, "dump", "-o", dump.path).status == 0)
        #expect(try cli.run("--store", url, "load", dump.path, "--replace", "--force").status == 0)
        #expect(try cli.run("--store", url, "read", "app", "apiToken", "--reveal").output == Self.password + "\n")
    }
}
