#if PostgreSQL
import Foundation
import PrefsPostgres
import PrefsTestHelpers
import Testing

/// A key the installed schema marks secret, on a PostgreSQL store: the history table keeps the fact of each change and
/// never its value, as the file store's journal does.
@Suite(.threadOfItsOwn, PostgresServer.needed) struct PostgresSecretsTests {
    static let secret = "pg-tok-51e2-SECRET"

    @Test func theHistoryTableKeepsNoSecretValueAndUndoSaysWhy() throws {
        let server = try PostgresServer.require()
        let table = PostgresServer.uniqueTable("secret")
        let url = server.url(table: table)
        let cli = try InProcessPrefs.withPostgres()
        // Written before any schema says it is secret: that history row keeps its value, which `log` now masks.
        #expect(try cli.run("--store", url, "write", "app", "token", "early-\(Self.secret)").status == 0)
        try Self.installTokenSchema(
            on: url, with: cli,
            alsoDeclaring: #", {"id": "port", "type": "Int", "kind": "int", "storage": "int", "optional": false, "#
                + #""debug": false, "default": 80}"#)
        #expect(try cli.run("--store", url, "write", "app", "token", Self.secret).status == 0)
        #expect(try cli.run("--store", url, "write", "app", "port", "8080").status == 0)

        // The row of the write made under the schema holds a marker; the port's row holds its value.
        let rows = try server.psql(
            "SELECT key, coalesce(old::text, '-'), coalesce(new::text, '-') FROM \(table)_history ORDER BY id")
        #expect(rows.count == 3)
        #expect(rows[1] == #"token|{"secret": true}|{"secret": true}"#)
        #expect(rows[2] == #"port|-|{"int": 8080}"#)
        #expect(rows[0] == #"token|-|{"string": "early-\#(Self.secret)"}"#, "rows written before are left as they are")
        #expect(!rows.dropFirst().joined().contains(Self.secret))
        #expect(try cli.run("--store", url, "read", "app", "token", "--reveal").output == Self.secret + "\n")

        // `log` shows the fact of every change and no value of the secret, the early one included.
        let log = try cli.run("--store", url, "log", "app", "token")
        #expect(log.status == 0)
        #expect(log.lines.count == 2)
        #expect(!log.output.contains("SECRET"))
        #expect(log.lines.allSatisfy { $0.contains("••••") })

        // Undoing the port is fine; undoing the secret's write is refused, saying why, and changes nothing.
        #expect(try cli.run("--store", url, "undo", "app").output == "port: 8080 -> (unset)\n")
        let refused = try cli.run("--store", url, "undo", "app")
        #expect(refused.status != 0)
        #expect(
            refused.error
                == "prefs: the change of \"token\" is a secret's, whose values the history never keeps; nothing was undone\n"
        )
        #expect(try cli.run("--store", url, "read", "app", "token", "--reveal").output == Self.secret + "\n")
    }

    /// Installs the schema of suite `app`, whose `token` is secret, with other keys' entries after it.
    ///
    /// - Parameters:
    ///   - url: The store.
    ///   - cli: The runner, in whose folder the manifest is written.
    ///   - others: More entries of the `keys` array, each after a comma.
    /// - Throws: When the manifest cannot be written.
    static func installTokenSchema(on url: String, with cli: InProcessPrefs, alsoDeclaring others: String = "") throws {
        let manifest = cli.home.url.appendingPathComponent("schema.json")
        try Data(
            (#"{"format": "prefs-schema", "version": 1, "suite": "app", "keys": [{"id": "token", "type": "String", "#
                + #""kind": "string", "storage": "string", "optional": false, "debug": false, "default": "", "#
                + #""secret": true}\#(others)]}"#).utf8
        ).write(to: manifest)
        #expect(try cli.run("schema", "install", "--store", url, manifest.path).status == 0)
    }
}
#endif
