#if PostgreSQL
import Foundation
import PrefsPostgres
import PrefsStoresPostgres
import PrefsTestHelpers
import PrefsTools
import Testing

/// A PostgreSQL URL's password is shown nowhere: not in an error about the URL (which text and JSON both print), not in
/// the arguments of the `prefs-postgres` that `prefs` hands the command to, which every user can read; a port that is no
/// port is refused; the helper runs only for a `prefs` of its own version; a secret survives a restore on PostgreSQL.
@Suite(.threadOfItsOwn, PostgresServer.needed) struct PostgresPasswordTests {
    static let password = "hunter2-PG-PASSWORD"

    /// The server's URL with a password, which its trust authentication ignores.
    private static func urlWithPassword(_ server: PostgresServer, table: String) -> String {
        server.url(table: table).replacingOccurrences(of: "://postgres@", with: "://postgres:\(password)@")
    }

    @Test(arguments: ["sslmode=required", "unknown=1", "table=Bad-Name", "statement_timeout=forever"])
    func anErrorAboutTheURLNeverShowsItsPassword(query: String) throws {
        let url = "postgres://prefs:\(Self.password)@127.0.0.1:5432/prefs?\(query)"
        #expect {
            try PostgresLocation(url)
        } throws: { error in
            let text = "\(error)"
            return !text.contains(Self.password) && text.contains("postgres://prefs:••••@127.0.0.1:5432/prefs")
        }
        // The context a command opens names the store the same way, whatever is wrong with it.
        #expect(!PostgresStores.context(url: url).locationDescription.contains(Self.password))
    }

    @Test func aPortOutsideOneTo65535IsRefusedRatherThanWrapped() throws {
        #expect {
            try PostgresLocation("postgres://prefs@127.0.0.1:70000/prefs")
        } throws: { error in
            "\(error)"
                == "not a PostgreSQL store URL: \"postgres://prefs@127.0.0.1:70000/prefs\": the port must be from 1 to "
                + "65535"
        }
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
        let context = PostgresStores.context(url: server.url(table: PostgresServer.uniqueTable("restore")))
        let manifest = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: manifest) }
        try Data(
            (#"{"format": "prefs-schema", "version": 1, "suite": "app", "keys": [{"id": "token", "type": "String", "#
                + #""kind": "string", "storage": "string", "optional": false, "debug": false, "default": "", "#
                + #""secret": true, "formerly": ["apiToken"]}]}"#).utf8
        ).write(to: manifest)
        let capture = OutputCapture()
        try Output.$capture.withValue(capture) {
            try SchemaActions.install(manifest.path, suite: nil, json: false, in: context)
        }
        try WriteRequest(suite: "app", key: "apiToken", value: Self.password, force: true).perform(in: context)
        try WriteRequest(suite: "app", key: "other", value: "1", force: true).perform(in: context)
        let stored = { try context.existingSuite("app").primitiveValue(forKey: "apiToken") }
        let backup = try Output.$capture.withValue(capture) {
            try SuiteTransfer.export("app", as: .json, in: context)
        }
        try SuiteTransfer.importDocument(
            backup, named: "e.json", into: "app", replace: true, force: true, in: context)
        #expect(try stored() == .string(Self.password))
        let dump = try Output.$capture.withValue(capture) { try ConfigurationDump.dump(nonDefault: false, in: context) }
        try ConfigurationDump.load(dump, named: "all.json", replace: true, force: true, in: context)
        #expect(try stored() == .string(Self.password))
    }
}
#endif
