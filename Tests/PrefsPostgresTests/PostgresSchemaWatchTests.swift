#if PostgreSQL
import Foundation
import PrefsPostgres
import PrefsTestHelpers
import Synchronization
import Testing

/// A schema installed or removed by any client is announced to every client watching the store's schemas, so that a
/// running editor shows it at once.
@Suite(.threadOfItsOwn, PostgresServer.needed) struct PostgresSchemaWatchTests {
    @Test func anotherClientsInstallChangeAndRemovalAreAnnouncedAndNothingElse() throws {
        let server = try PostgresServer.require()
        let url = server.url(table: PostgresServer.uniqueTable("schemawatch"))
        let watching = try PostgresStore(url: url)
        let seen = Mutex<[Set<String>]>([])
        let watch = try watching.schemaSource.watchSchemas(
            creatingFolder: false, onChange: { suites in seen.withLock { $0.append(suites) } },
            onProblem: { error in Issue.record("the watch stopped: \(error)") })
        defer { watch?.cancel() }
        #expect(watch != nil)

        let other = try PostgresStore(url: url).schemaSource
        try other.installSchema(Data(SchemaFixtures.app.utf8), suite: nil)
        #expect(eventually { seen.withLock { $0 == [["app"]] } }, "\(seen.withLock { $0 })")
        try other.installSchema(Data(SchemaFixtures.app.utf8), suite: "other.app")
        #expect(eventually { seen.withLock { $0 == [["app"], ["other.app"]] } }, "\(seen.withLock { $0 })")
        #expect(try other.uninstallSchema(for: "app"))
        #expect(eventually { seen.withLock { $0.count == 3 && $0.last == ["app"] } }, "\(seen.withLock { $0 })")
        // A removal that removes nothing announces nothing, and a value written is no schema change.
        #expect(try !other.uninstallSchema(for: "app"))
        try PostgresStore(url: url).suite("app").setPrimitiveValues(["theme": .string("dark")])
        try other.installSchema(Data(SchemaFixtures.app.utf8), suite: "last")
        #expect(eventually { seen.withLock { $0.last == ["last"] } })
        #expect(seen.withLock { $0.count } == 4, "\(seen.withLock { $0 })")
    }
}
#endif
