#if PostgreSQL
import Foundation
import PrefsFileStore
import PrefsKit
import PrefsPostgres
import PrefsTestHelpers
import PrefsTestSupport
import Synchronization
import Testing

/// The PostgreSQL store against a real server: clients seeing each other, concurrent writers, bad input, and a
/// server restart in the middle of a session.
@Suite(.threadOfItsOwn, PostgresServer.needed) struct PostgresStoreTests {
    @Test func twoClientsSeeEachOthersWritesWithTheWritersIdentity() throws {
        let server = try PostgresServer.require()
        let url = server.url(table: PostgresServer.uniqueTable())
        let first = try PostgresStore(url: url)
        let second = try PostgresStore(url: url)
        let listening = [first.startListening(), second.startListening()]
        defer { for token in listening { token.cancel() } }
        let firstApp = try first.suite("app")
        let secondApp = try second.suite("app")
        let recorder = ChangeRecorder()
        let observation = secondApp.changeNotifier.addObserver { recorder.record($0) }
        defer { observation.cancel() }

        try firstApp.commit(["theme": .string("dark"), "fontScale": .double(1.5)])
        #expect(eventually { secondApp.primitiveValue(forKey: "theme") == .string("dark") })
        #expect(eventually { recorder.all.count == 2 })
        let change = try #require(recorder.all.first { $0.key == "theme" })
        #expect(change.origin == .otherProcess)
        #expect(change.oldValue == nil)
        #expect(change.newValue == .string("dark"))
        #expect(change.writer?.pid == ProcessInfo.processInfo.processIdentifier)
        #expect(change.writer?.host == ProcessInfo.processInfo.hostName)

        // A removal travels too, and the writer's own store reports its write as its own.
        let own = ChangeRecorder()
        let ownObservation = first.addObserver { own.record($0) }
        defer { ownObservation.cancel() }
        try secondApp.commit(["theme": nil])
        #expect(eventually { firstApp.primitiveValue(forKey: "theme") == nil })
        #expect(
            eventually { own.all.contains { $0.key == "theme" && $0.newValue == nil && $0.origin == .otherProcess } })
        #expect(firstApp.primitiveValue(forKey: "fontScale") == .double(1.5))
        #expect(try second.suiteNames() == ["app"])

        // Each write is in the history table with its writer, old and new values, oldest first.
        let history = try secondApp.history(key: "theme", limit: nil)
        #expect(history.map(\.newValue) == [.string("dark"), nil])
        #expect(history.map(\.oldValue) == [nil, .string("dark")])
        #expect(history.allSatisfy { $0.writer?.pid == ProcessInfo.processInfo.processIdentifier })
        #expect(try firstApp.lastWrite().map(\.key) == ["theme"])
    }

    @Test func everyWriteArrivesAsItsOwnEventInCommitOrder() throws {
        let server = try PostgresServer.require()
        let url = server.url(table: PostgresServer.uniqueTable())
        let writer = try PostgresStore(url: url)
        let listener = try PostgresStore(url: url)
        let listening = listener.startListening()
        defer { listening.cancel() }
        let recorder = ChangeRecorder()
        let observation = listener.addObserver { recorder.record($0) }
        defer { observation.cancel() }
        let app = try writer.suite("app")
        for value in 1...30 { try app.commit(["counter": .int(value)]) }
        // A value too large for a notice is read from the table instead, and still arrives.
        let large = String(repeating: "x", count: 10_000)
        try app.commit(["blob": .string(large)])
        #expect(eventually { recorder.all.count == 31 })
        #expect(recorder.all.filter { $0.key == "counter" }.map(\.newValue) == (1...30).map { .int($0) })
        #expect(try listener.suite("app").primitiveValue(forKey: "blob") == .string(large))
    }

    @Test func everyKindOfValueIsStoredWithItsTypeAndReadBackByAFreshClient() throws {
        let server = try PostgresServer.require()
        let url = server.url(table: PostgresServer.uniqueTable())
        let values: [String: PropertyListValue] = [
            "bool": .bool(true), "int": .int(Int.max), "double": .double(0.1), "string": .string("é 漢字 \u{1B}[31m"),
            "data": .data(Data([0, 1, 255])), "date": .date(Date(timeIntervalSince1970: 1_700_000_000.5)),
            "array": .array([.int(1), .string("two")]), "dictionary": .dictionary(["a": .bool(false)]),
        ]
        try PostgresStore(url: url).suite("kinds").commit(values)
        #expect(try PostgresStore(url: url).suite("kinds").primitiveValues() == values)
    }

    @Test(arguments: [8])
    func concurrentWritersLoseNothing(writers: Int) throws {
        let server = try PostgresServer.require()
        let url = server.url(table: PostgresServer.uniqueTable())
        let stores = try (0..<writers).map { _ in try PostgresStore(url: url) }
        let listening = stores.map { $0.startListening() }
        defer { for token in listening { token.cancel() } }
        let suites = try stores.map { try $0.suite("shared") }
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            for index in 0..<50 {
                do {
                    try suites[writer].commit(["w\(writer)-\(index)": .int(index)])
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(try PostgresStore(url: url).suite("shared").primitiveValues().count == writers * 50)
        #expect(eventually { suites.allSatisfy { $0.primitiveValues().count == writers * 50 } })
    }

    @Test func writerProcessesLoseNothing() throws {
        let server = try PostgresServer.require()
        let url = server.url(table: PostgresServer.uniqueTable())
        let watcher = try PostgresStore(url: url)
        let listening = watcher.startListening()
        defer { listening.cancel() }
        let shared = try watcher.suite("shared")
        let children = try (0..<4).map { try RunningChild("prefs-test-helper", ["pg-write", url, "p\($0)", "100"]) }
        for child in children { #expect(child.wait() == 0) }
        #expect(try PostgresStore(url: url).suite("shared").primitiveValues().count == 400)
        #expect(eventually { shared.primitiveValues().count == 400 }, "every write was announced")
    }

    @Test func theHistoryKeepsTheNewestTwoThousandChangesAndEveryKeysLast() throws {
        let server = try PostgresServer.require()
        let table = PostgresServer.uniqueTable("trim")
        let app = try PostgresStore(url: server.url(table: table)).suite("app")
        try app.commit(["kept": .string("only change of this key")])
        // 2,100 older changes of one key, then this store's writes: one of any 64 consecutive writes trims.
        _ = try server.psql(
            """
            INSERT INTO \(table)_history (suite, key, new) SELECT 'app', 'old', '{"int": 1}' FROM generate_series(1, 2100);
            INSERT INTO \(table)_history (suite, key, new) SELECT 'other', 'old', '{"int": 1}' FROM generate_series(1, 2100)
            """)
        let count = { (suite: String) in
            try server.psql("SELECT count(*) FROM \(table)_history WHERE suite = '\(suite)'")
        }
        for value in 0..<64 { try app.commit(["counter": .int(value)]) }
        let remaining = try #require(Int(count("app").first ?? ""))
        #expect((2_000...2_064).contains(remaining), "\(remaining) rows")
        #expect(try app.history(key: "kept", limit: nil).map(\.newValue) == [.string("only change of this key")])
        #expect(try app.history(key: "counter", limit: nil).count == 64, "the newest changes are all kept")
        #expect(try count("other") == ["2100"], "another suite's history is its own")
    }

    @Test func aBadURLOrAnUnreachableServerIsAClearError() throws {
        #expect(throws: PostgresStoreError.self) { try PostgresStore(url: "mysql://localhost/x") }
        #expect(throws: PostgresStoreError.self) { try PostgresLocation("postgres://localhost/db?table=Robert');DROP") }
        // Nothing connects in init: the first query, or connect(), says the server cannot be reached.
        let store = try PostgresStore(url: "postgres://postgres@127.0.0.1:1/postgres", timeout: .seconds(2))
        #expect(!store.isConnected)
        for attempt: () throws -> Void in [{ try store.connect() }, { _ = try store.suiteNames() }] {
            do {
                try attempt()
                Issue.record("connected to port 1")
            } catch {
                #expect("\(error)".hasPrefix("cannot reach the PostgreSQL store at postgres://postgres@127.0.0.1:1/"))
            }
        }
    }

    /// The file store and PostgreSQL keep one rule for suite names, and give the same reason.
    @Test func suiteNamesFollowTheRuleEveryStoreKeeps() throws {
        let server = try PostgresServer.require()
        let postgres = try PostgresStore(url: server.url(table: PostgresServer.uniqueTable("names")))
        let scope = try TemporaryDirectory(prefix: "prefs-names")
        let files = try FileStore(
            directory: scope.url.appendingPathComponent("config"),
            journalDirectory: scope.url.appendingPathComponent("journal"), launchArguments: .none)
        let refused = [
            "", "a/b", "x..y", ".hidden", "tab\tname", "e\u{301}", "zero\u{200B}width", "rtl\u{202E}",
            String(repeating: "n", count: 244),
        ]
        for name in refused {
            let reason = try #require(SuiteNaming.problem(with: name), "\(name.debugDescription)")
            #expect(throws: PostgresStoreError.invalidSuiteName(name, reason: reason)) { try postgres.suite(name) }
            #expect(throws: FileStoreError.invalidSuiteName(name, reason: reason)) { try files.suite(name) }
        }
        for name in ["com.example.app", "caf\u{E9}", "漢字", String(repeating: "n", count: 243)] {
            #expect(SuiteNaming.problem(with: name) == nil)
            #expect(try postgres.suite(name).primitiveValues().isEmpty)
            #expect(try files.suite(name).primitiveValues().isEmpty)
        }
    }

    /// run() throws when the server refuses this client for good, instead of retrying for ever in silence.
    @Test func runThrowsWhenTheServerRefusesThisClient() async throws {
        let server = try PostgresServer.require()
        var components = try #require(URLComponents(string: server.url(table: PostgresServer.uniqueTable("refused"))))
        components.path = "/no_such_database_\(getpid())"
        let store = try PostgresStore(url: try #require(components.string), timeout: .seconds(5))
        await #expect(throws: PostgresStoreError.self) { try await store.run() }
        do {
            try await store.run()
        } catch {
            #expect("\(error)".contains("refused this client"), "\(error)")
        }
    }
}

/// A server restart in the middle of a session, on a private server.
@Suite(.threadOfItsOwn, .serialized, PostgresServer.needed) struct PostgresRestartTests {
    @Test func aStoreReconnectsAndResyncsAfterARestartAndRefusesWritesWhileDown() throws {
        _ = try PostgresServer.require()
        let server = try PostgresServer.startPrivate()
        defer { server.stop() }
        let url = server.url(table: "prefs_values")
        let store = try PostgresStore(url: url)
        let listening = store.startListening()
        defer { listening.cancel() }
        let recorder = ChangeRecorder()
        let observation = store.addObserver({ recorder.record($0) }, onProblem: { recorder.problem("\($0)") })
        defer { observation.cancel() }
        let app = try store.suite("app")
        try app.commit(["before": .int(1)])
        #expect(store.resyncCount == 1)

        try server.restart()
        // While the server restarts the store may already be back; a write now either fails saying why, or lands.
        #expect(eventually { store.isConnected && store.resyncCount >= 2 }, "reconnected and read everything again")
        #expect(app.primitiveValue(forKey: "before") == .int(1), "the snapshot survived")
        #expect(
            recorder.problems.contains { $0.contains("other clients' changes are not seen") }, "the outage was told")

        // Another client writes; the reconnected store hears it.
        try PostgresStore(url: url).suite("app").commit(["after": .string("restart")])
        #expect(eventually { app.primitiveValue(forKey: "after") == .string("restart") })
        #expect(eventually { recorder.all.contains { $0.key == "after" && $0.origin == .otherProcess } })

        // With the server gone, a write fails at once and says so; nothing is half-written.
        server.stop()
        #expect(eventually { !store.isConnected })
        do {
            try app.commit(["lost": .bool(true)])
            Issue.record("a write without a server succeeded")
        } catch {
            #expect("\(error)".contains("not connected to postgres://postgres@127.0.0.1:"))
        }
        #expect(app.primitiveValue(forKey: "lost") == nil)
    }
}
#endif
