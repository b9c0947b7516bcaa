#if PostgreSQL
import Foundation
import PrefsPostgres
import PrefsTestHelpers
import Testing

/// A server lost in the middle of a stream never crashes `prefs`.
///
/// postgres-nio 1.33.2 stopped the process (SIGILL, a precondition in its row stream) when the socket delivered rows nobody had asked to read yet, as it does when the
/// server goes away. `prefs read` ends with an error (a process of its own, so that a crash shows as one), and
/// `prefs watch` lives through any number of restarts.
@Suite(.threadOfItsOwn, PostgresServer.needed) struct PostgresOutageTests {
    /// A private server holding a suite of `keys` integers, written straight into the table.
    private static func serverWithLargeSuite(keys: Int) throws -> (PostgresServer, String) {
        let server = try PostgresServer.startPrivate()
        let url = server.url(table: "outage")
        #expect(try InProcessPrefs.withPostgres().run("write", "--store", url, "s", "seed", "1").status == 0)
        _ = try server.psql(
            """
            INSERT INTO outage (suite, key, kind, value)
            SELECT 's', 'k' || n, 'int', jsonb_build_object('int', n) FROM generate_series(1, \(keys)) AS n
            """)
        return (server, url)
    }

    /// Waits until a statement other than this one's reads the table, or the reader has finished.
    ///
    /// - Returns: Whether the reader was seen reading; `false` when it finished between two looks (the query of
    ///   150,000 rows can take less time than starting `psql`), or after 30 s.
    private static func waitForAReader(on server: PostgresServer, reader: RunningChild) -> Bool {
        var reading = false
        _ = eventually(timeout: .seconds(30)) {
            let rows = try? server.psql(
                """
                SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid()
                AND query LIKE '%FROM outage%'
                """)
            reading = rows?.first.map { $0 != "0" } ?? false
            return reading || reader.hasExited
        }
        return reading
    }

    /// A server that stops answering with a write under way (stopped, not gone: no reset ever comes) ends the write
    /// at the client's deadline, saying it may have been made, rather than holding the command for good.
    @Test(.timeLimit(.minutes(2))) func aServerThatStopsAnsweringEndsAWriteAtItsDeadline() throws {
        let server = try PostgresServer.startPrivate()
        defer {
            server.thaw()
            server.stop()
        }
        let store = try PostgresStore(url: server.url(table: "frozen") + "&statement_timeout=1s&lock_timeout=1s")
        let suite = try store.suite("s")
        try suite.setPrimitiveValue(.int(1), forKey: "k")
        try server.freeze()
        #expect {
            try suite.setPrimitiveValue(.int(2), forKey: "k")
        } throws: { error in
            "\(error)".contains("may not have been made") && "\(error)".contains("no answer from the server within 16")
        }
    }

    @Test func aServerStoppedMidStreamEndsReadWithAnErrorNotACrash() throws {
        let (server, url) = try Self.serverWithLargeSuite(keys: 150_000)
        defer { server.stop() }
        let cli = try PrefsCLI()
        var cutMidStream = 0
        for round in 0..<5 {
            let reader = try cli.start("read", "--store", url, "s")
            if Self.waitForAReader(on: server, reader: reader) { cutMidStream += 1 }
            try server.crashAndRestart()
            let status = reader.wait()
            // 1 with an error line when the stream was cut; 0 when the read finished first. A signal is a crash.
            #expect(reader.terminationReason == .exit && [0, 1].contains(status), "round \(round): status \(status)")
        }
        // A round whose read finished before it was seen proves nothing; most rounds must cut a read under way.
        #expect(cutMidStream >= 3, "\(cutMidStream) of 5 rounds crashed the server under a read")
    }

    /// The watch runs in-process, as `prefs-postgres watch` runs it: the server is the one stopped, for real.
    @Test func watchLivesThroughAnyNumberOfRestarts() throws {
        let (server, url) = try Self.serverWithLargeSuite(keys: 20_000)
        defer { server.stop() }
        let prefs = try InProcessPrefs.withPostgres()
        let watcher = prefs.watch("watch", "--store", url, "s")
        defer { watcher.kill() }
        /// Writes until the watcher reports it: a write made while it (re)connects may land unheard.
        func heard(_ mark: String) throws -> Bool {
            for attempt in 0..<50 {
                _ = try prefs.run("write", "--store", url, "s", "seed", "\(mark)a\(attempt)")
                if watcher.waitForLine(timeout: .milliseconds(500), where: { $0.contains("\(mark)a") }) { return true }
            }
            return false
        }
        #expect(try heard("ready"))
        for round in 0..<6 {
            try server.crashAndRestart()
            #expect(try heard("r\(round)"), "round \(round)")
            #expect(!watcher.hasEnded, "round \(round): \(watcher.error)")
        }
    }
}
#endif
