#if PostgreSQL
import Foundation
import PrefsPostgres
import PrefsTestHelpers
import Testing

/// Another client's SQL on a store's table (`psql`, an administrator's script) is journaled by the database itself, as
/// the store's own writes are: history never ends at a value the table no longer holds, whoever changed it.
@Suite(.threadOfItsOwn, PostgresServer.needed) struct PostgresForeignWriteTests {
    static let secret = "pg-foreign-SECRET-7f3a"

    @Test func anotherClientsUpdateInsertAndDeleteAreJournaledAndNamed() throws {
        let scratch = try PostgresScratch("foreign")
        let (server, table, url, cli) = (scratch.server, scratch.table, scratch.url, scratch.cli)
        // Written before the schema, which declares only the secret.
        #expect(try cli.run("--store", url, "write", "app", "theme", "dark").status == 0)
        try PostgresSecretsTests.installTokenSchema(on: url, with: cli)
        #expect(try cli.run("--store", url, "write", "app", "token", "first").status == 0)

        _ = try server.psql(
            #"UPDATE \#(table) SET value = '{"string": "black"}' WHERE suite = 'app' AND key = 'theme'"#)
        _ = try server.psql(
            #"UPDATE \#(table) SET value = '{"string": "\#(Self.secret)"}' WHERE suite = 'app' AND key = 'token'"#)
        _ = try server.psql(
            #"INSERT INTO \#(table) (suite, key, kind, value) VALUES ('app', 'size', 'int', '{"int": 9}')"#)
        _ = try server.psql("DELETE FROM \(table) WHERE suite = 'app' AND key = 'theme'")
        // A statement that changes no value is no change.
        _ = try server.psql("UPDATE \(table) SET written_at = now() WHERE suite = 'app'")

        let log = try cli.run("--store", url, "log", "app")
        #expect(log.status == 0, "\(log.error)")
        let foreign = log.lines.filter { $0.hasSuffix("by psql on 127.0.0.1") }
        #expect(foreign.count == 4, "\(log.output)")
        #expect(foreign.contains { $0.contains("theme: dark -> black") })
        #expect(foreign.contains { $0.contains("size: (unset) -> 9") })
        #expect(foreign.contains { $0.contains("theme: black -> (unset)") })
        #expect(foreign.contains { $0.contains("token: ") && $0.contains("••••") })
        // The secret is in the table, which the user may read, and in no history row or line of the log.
        #expect(!log.output.contains(Self.secret))
        let rows = try server.psql("SELECT coalesce(old::text, '-') || coalesce(new::text, '-') FROM \(table)_history")
        #expect(!rows.joined().contains(Self.secret))
        #expect(try cli.run("--store", url, "read", "app", "size").output == "9\n")
        #expect(try cli.run("--store", url, "undo", "app").status == 0)
        #expect(try cli.run("--store", url, "read", "app", "theme").output == "black\n", "undo puts psql's delete back")
    }

    @Test func aTableMadeBeforeTheTriggerGetsItAtItsFirstWrite() throws {
        let scratch = try PostgresScratch("upgrade")
        let (server, table, url, cli) = (scratch.server, scratch.table, scratch.url, scratch.cli)
        #expect(try cli.run("--store", url, "write", "app", "theme", "dark").status == 0)
        // As an earlier version left it: no trigger, no functions.
        _ = try server.psql(
            "DROP TRIGGER \(table)_foreign ON \(table); DROP FUNCTION \(table)_foreign(); "
                + "DROP FUNCTION \(table)_foreign_notice(text, text, text, text); DROP FUNCTION \(table)_writing()")
        let write = try cli.run("--store", url, "write", "app", "theme", "light")
        #expect(write.status == 0, "\(write.error)")
        _ = try server.psql(#"UPDATE \#(table) SET value = '{"string": "black"}' WHERE key = 'theme'"#)
        let log = try cli.run("--store", url, "log", "app", "theme").lines
        #expect(log.count == 3)
        #expect(log.last?.hasSuffix("theme: light -> black  by psql on 127.0.0.1") == true, "\(log)")
    }
}
#endif
