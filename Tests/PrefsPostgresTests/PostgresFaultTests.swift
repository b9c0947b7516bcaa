#if PostgreSQL
import Foundation
import PrefsPostgres
import PrefsTestHelpers
import Testing

/// PostgreSQL is bounded: a table another session holds, or a statement that goes on, ends the command with a
/// one-line error naming what was locked, and trimming the history is linear at any size.
@Suite(.threadOfItsOwn, PostgresServer.needed) struct PostgresFaultTests {
    /// A `psql` session holding `LOCK TABLE … ACCESS EXCLUSIVE` until its input closes; returns it and its server pid.
    private static func lockTable(_ table: String, on server: PostgresServer) throws -> (RunningChild, Int32) {
        let holder = try RunningChild(
            "/usr/bin/psql", [server.url, "-At", "-v", "ON_ERROR_STOP=1"], pipingInput: true)
        holder.send("BEGIN; LOCK TABLE \(table) IN ACCESS EXCLUSIVE MODE; SELECT 'held ' || pg_backend_pid();\n")
        #expect(holder.waitForLine { $0.hasPrefix("held ") })
        let pid = holder.output.first { $0.hasPrefix("held ") }.flatMap { Int32($0.dropFirst(5)) }
        return (holder, try #require(pid))
    }

    // A read that waited for the lock forever would hang the run: the time limit fails it instead. It counts from when
    // the run queued the test, not from when it started, hence minutes.
    @Test(.timeLimit(.minutes(5))) func aLockedTableEndsTheCommandNamingTheHolder() throws {
        let server = try PostgresServer.require()
        let table = PostgresServer.uniqueTable("locked")
        let cli = try InProcessPrefs.withPostgres()
        #expect(try cli.run("write", "--store", server.url(table: table), "s", "k", "v").status == 0)
        let (holder, pid) = try Self.lockTable(table, on: server)
        defer {
            holder.closeInput()
            _ = holder.wait()
        }
        // The default: 5 s.
        let started = ContinuousClock.now
        let read = try cli.run("read", "--store", server.url(table: table), "s", "k")
        let waited = ContinuousClock.now - started
        #expect(read.status == 1)
        #expect(waited >= .seconds(4) && waited < .seconds(20), "\(waited)")
        #expect(
            read.error.contains(
                ": table \(table) stayed locked by server process \(pid) for 5s; the server stopped the statement and "
                    + "nothing was written ("), "\(read.error)")
        // Set in the URL, and as data under --json.
        let url = server.url(table: table) + "&lock_timeout=300ms"
        let write = try cli.run("--json", "write", "--store", url, "s", "k", "w")
        #expect(write.status == 1)
        #expect(write.error.contains(#""code":"locked""#) && write.error.contains("for 300ms"), "\(write.error)")
        holder.closeInput()
        _ = holder.wait()
        #expect(try cli.run("read", "--store", server.url(table: table), "s", "k").output == "v\n")
    }

    @Test func aStatementTimeoutIsSetInTheURLAndCheckedThere() throws {
        let server = try PostgresServer.require()
        let table = PostgresServer.uniqueTable("timeout")
        let cli = try InProcessPrefs.withPostgres()
        let url = server.url(table: table) + "&statement_timeout=2s&lock_timeout=1500ms"
        #expect(try cli.run("write", "--store", url, "s", "k", "v").status == 0)
        let shown = try server.psql("SELECT 1")
        #expect(shown == ["1"])
        let bad = try cli.run("read", "--store", server.url(table: table) + "&lock_timeout=soon", "s")
        #expect(bad.status == 64, "a usage error")
        #expect(bad.error.contains("lock_timeout must be a duration such as 5s, 500ms or 2min, not soon"))
    }

    /// A trim at 500,000 history rows over 250,000 keys, with the planner's statistics, finishes.
    ///
    /// The trim that a write runs every 64 history rows removes the older row of each key within the statement timeout. The `NOT IN` trim it replaces is
    /// planned as a plain subplan at this size (its list outgrows `work_mem`), which is quadratic.
    @Test func trimmingTheHistoryIsLinearAtAnySize() throws {
        let server = try PostgresServer.require()
        let table = PostgresServer.uniqueTable("trim")
        let cli = try InProcessPrefs.withPostgres()
        let url = server.url(table: table)
        #expect(try cli.run("write", "--store", url, "s", "seed", "1").status == 0)
        _ = try server.psql(
            """
            INSERT INTO \(table)_history (suite, key, old, new)
            SELECT 's', 'k' || (n % 250000), NULL, jsonb_build_object('int', n) FROM generate_series(1, 500000) AS n;
            ANALYZE \(table)_history;
            """)
        for index in 0..<70 {
            let write = try cli.run("write", "--store", url, "s", "seed", "\(index + 2)")
            #expect(write.status == 0, "\(write.error)")
        }
        let rows = try server.psql("SELECT count(*) FROM \(table)_history WHERE suite = 's'")
        let count = try #require(rows.first.flatMap { Int($0) })
        #expect(count <= 250_000 + 2_000, "the trim did not finish: \(count) rows")
    }
}

/// Rows another client wrote in a shape prefs cannot decode are reported one line each, never skipped: a backup that
/// left them out would look whole.
@Suite(.threadOfItsOwn, PostgresServer.needed) struct PostgresUndecodableRowTests {
    @Test func readExportAndDumpReportEachRowAndRefuse() throws {
        let server = try PostgresServer.require()
        let table = PostgresServer.uniqueTable("odd")
        let url = server.url(table: table)
        let cli = try InProcessPrefs.withPostgres()
        #expect(try cli.run("write", "--store", url, "s", "good", "1", "--type", "int").status == 0)
        _ = try server.psql(
            """
            INSERT INTO \(table) (suite, key, kind, value) VALUES
            ('s', 'odd1', 'int', '{"weird": 1}'), ('s', 'odd2', 'string', '"bare"')
            """)
        for arguments in [["read", "s"], ["export", "s"], ["dump"], ["read", "s", "odd1"]] {
            let result = cli.run(["--store", url] + arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.output.isEmpty, "\(arguments): \(result.output)")
            #expect(result.error.contains(#"key "odd1""#), "\(arguments): \(result.error)")
            #expect(result.error.contains(#""{"weird": 1}""#), "\(arguments): \(result.error)")
            if arguments.count < 3 {
                let lines = result.error.split(separator: "\n")
                #expect(lines.count == 3, "\(arguments): one line per row, then the refusal: \(result.error)")
                #expect(lines.last?.contains("holds 2 entries prefs cannot decode; nothing was read") == true)
            }
        }
        // The good key, and deleting an odd one, still work.
        #expect(try cli.run("delete", "--store", url, "s", "odd1").status == 0)
        #expect(try cli.run("delete", "--store", url, "s", "odd2").status == 0)
        #expect(try cli.run("read", "--store", url, "s").output == "good = 1\n")
    }
}
#endif
