import Foundation
import PrefsKit
import PrefsPostgres
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// PrefsTestSupport's conformance suites over the PostgreSQL store, on a table of each check's own.
@Suite(.threadOfItsOwn, PostgresServer.needed) struct PostgresConformanceTests {
    @Test(arguments: StoreConformance.Check.allCases)
    func aSuiteConforms(check: StoreConformance.Check) async throws {
        let url = try PostgresServer.require().url(table: PostgresServer.uniqueTable("conformance"))
        try await StoreConformance {
            let store = try PostgresStore(url: url)
            let listening = store.startListening()
            let suite = try store.suite("conformance")
            // Another client of the same table: a second connection, as another process or machine would open.
            return ScopedStore(
                store: suite, reopen: { try PostgresStore(url: url).suite("conformance") },
                resources: [store, listening])
        }.run(check)
    }

    @Test(arguments: SuiteStoreConformance.Check.allCases)
    func theStoreConforms(check: SuiteStoreConformance.Check) async throws {
        let url = try PostgresServer.require().url(table: PostgresServer.uniqueTable("suites"))
        try await SuiteStoreConformance {
            ScopedSuiteStore(
                store: try PostgresStore(url: url), reopen: { try PostgresStore(url: url) }, keepsHistory: true)
        }.run(check)
    }
}
