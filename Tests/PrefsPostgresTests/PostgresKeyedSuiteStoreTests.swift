#if PostgreSQL
import Foundation
import PrefsKit
import PrefsPostgres
import PrefsStores
import PrefsStoresPostgres
import PrefsTestHelpers
import PrefsTools
import Testing

/// Reading and writing named keys of a PostgreSQL suite without reading the suite: what `prefs read SUITE KEY`,
/// `write` and `delete` do, so that they cost a key rather than a suite.
@Suite(.threadOfItsOwn, PostgresServer.needed) struct PostgresKeyedSuiteStoreTests {
    @Test func namedKeysAreReadAndWrittenWithoutLeavingAPartialSuiteBehind() throws {
        let server = try PostgresServer.require()
        let url = server.url(table: PostgresServer.uniqueTable("keyed"))
        try PostgresStore(url: url).suite("app").commit(["a": .int(1), "b": .int(2), "c": .int(3)])
        let store = try PostgresStore(url: url)

        #expect(try store.primitiveValues(forKeys: ["a", "missing"], inSuite: "app") == ["a": .int(1)])
        // Another client writes meanwhile; nobody listens. Had the read kept the suite in memory, a suite opened now
        // would show b = 2, or only a.
        try PostgresStore(url: url).suite("app").commit(["b": .int(20)])
        #expect(try store.primitiveValues(forKeys: ["b"], inSuite: "app") == ["b": .int(20)])

        // A write reports what the table held before, not what this client last saw.
        let changes = try store.commit(["b": .int(5), "d": .string("new")], inSuite: "app")
        #expect(changes.map(\.key) == ["b", "d"])
        #expect(changes.map(\.oldValue) == [.int(20), nil])
        #expect(changes.map(\.newValue) == [.int(5), .string("new")])

        // Writing what is stored changes nothing: no change, no history row, the last writer kept.
        let historyBefore = try server.psql("SELECT count(*) FROM \(store.location.table)_history")
        #expect(try store.commit(["b": .int(5)], inSuite: "app").isEmpty)
        #expect(try server.psql("SELECT count(*) FROM \(store.location.table)_history") == historyBefore)

        #expect(
            try store.suite("app").primitiveValues() == ["a": .int(1), "b": .int(5), "c": .int(3), "d": .string("new")])
        #expect(try store.holdsKeys(suite: "app"))
        #expect(try !PostgresStore(url: url).holdsKeys(suite: "nothing"))
        #expect(throws: PostgresStoreError.self) { try store.primitiveValues(forKeys: ["a"], inSuite: "") }
        #expect(throws: PostgresStoreError.self) { try store.commit(["a": nil], inSuite: "bell\u{7}") }
    }

    @Test func aWriteOfAnUnreadSuiteReachesAClientThatListens() throws {
        let server = try PostgresServer.require()
        let url = server.url(table: PostgresServer.uniqueTable("keyed"))
        let listener = try PostgresStore(url: url)
        let listening = listener.startListening()
        defer { listening.cancel() }
        let app = try listener.suite("app")
        let recorder = ChangeRecorder()
        let observation = app.changeNotifier.addObserver { recorder.record($0) }
        defer { observation.cancel() }

        let writer = try PostgresStore(url: url)
        try writer.commit(["theme": .string("dark")], inSuite: "app")
        try writer.commit(["theme": .string("dark")], inSuite: "app")
        try writer.commit(["theme": nil], inSuite: "app")
        #expect(eventually { recorder.all.count == 2 })
        #expect(recorder.all.map(\.newValue) == [.string("dark"), nil], "the write that changed nothing is not told")
        #expect(recorder.all.allSatisfy { $0.writer?.pid == ProcessInfo.processInfo.processIdentifier })
    }

    @Test func theToolsReadOneKeyAndTellAMissingSuiteFromAMissingKey() throws {
        let server = try PostgresServer.require()
        let url = server.url(table: PostgresServer.uniqueTable("keyed"))
        PostgresStores.install()
        let context = StoreResolver.context(configDirectory: URL(fileURLWithPath: "/nonexistent"), storeURL: url)
        try context.write(["theme": .string("dark")], toSuite: "app")
        #expect(try SuiteListing.value(of: "theme", inSuite: "app", context: context).value == .string("dark"))
        #expect(try context.storedValues(of: ["other"], inExistingSuite: "app").isEmpty)
        #expect(throws: ToolError.self) { try context.storedValues(of: ["theme"], inExistingSuite: "nothing") }
        let unknown = #expect(throws: ToolError.self) {
            try SuiteListing.value(of: "x", inSuite: "app", context: context)
        }
        #expect(unknown?.description == "unknown key \"x\" in suite \"app\"")
    }
}
#endif
