import Foundation
import PrefsKit
import PrefsPostgres
import PrefsTestSupport
import Testing

/// Every store the conformance suite runs on: those PrefsTestSupport makes, and the PostgreSQL store, which the test
/// target adds so that apps using PrefsTestSupport do not build PostgreSQL's client.
enum ConformanceStore: String, CaseIterable, Sendable {
    case inMemory, userDefaults, combined, file, postgres

    /// A fresh, empty store of this kind, or `nil` when there is no PostgreSQL server outside CI.
    func make(function: String = #function, fileID: String = #fileID) throws -> ScopedStore? {
        let fixture: StoreFixture
        switch self {
        case .inMemory: fixture = .inMemory
        case .userDefaults: fixture = .userDefaults
        case .combined: fixture = .combined
        case .file: fixture = .file
        case .postgres:
            guard let server = try PostgresServer.require() else { return nil }
            let url = server.url(table: PostgresServer.uniqueTable("conformance"))
            let store = try PostgresStore(url: url)
            let listening = store.startListening()
            let suite = try store.suite("conformance")
            // Another client of the same table: a second connection, as another process or machine would open.
            return ScopedStore(
                store: suite, reopen: { (try? PostgresStore(url: url).suite("conformance")) ?? suite },
                resources: [store, listening])
        }
        return try fixture.make(function: function, fileID: fileID)
    }
}
