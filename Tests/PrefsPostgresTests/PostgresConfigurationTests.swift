#if PostgreSQL
import Configuration
import Foundation
import PrefsConfiguration
import PrefsKit
import PrefsPostgres
import PrefsTestHelpers
import Synchronization
import Testing

/// The swift-configuration provider over a PostgreSQL suite that another client writes.
@Suite(.threadOfItsOwn, PostgresServer.needed) struct PostgresConfigurationTests {
    @Test func aTypedWatchFiresOnAnotherClientsTransaction() async throws {
        let url = try PostgresServer.require().url(table: PostgresServer.uniqueTable("config"))
        let writer = try PostgresStore(url: url)
        let reader = try PostgresStore(url: url)
        let listening = reader.startListening()
        defer { listening.cancel() }
        try writer.suite("server").commit(["http.port": .int(8080), "http.host": .string("a")])
        let suite = try reader.suite("server")
        #expect(await waitUntil { suite.primitiveValue(forKey: "http.port") == .int(8080) })
        let config = ConfigReader(provider: PrefsProvider(suite: suite))

        let ports = Mutex<[Int]>([])
        let task = Task {
            try await config.watchInt(forKey: "http.port", default: 0) { updates in
                for await port in updates { ports.withLock { $0.append(port) } }
            }
        }
        defer { task.cancel() }
        #expect(await waitUntil { ports.withLock { $0 } == [8080] })
        // `prefs write` (on a client of its own, in this process) writes the port; then another client changes both
        // keys in one transaction, and the port's watcher hears once more, with the new port.
        let cli = try InProcessPrefs.withPostgres()
        let result = try cli.run("write", "--store", url, "server", "http.port", "9090", "--type", "int")
        #expect(result.status == 0, "\(result.error)")
        #expect(await waitUntil { ports.withLock { $0 } == [8080, 9090] }, "\(ports.withLock { $0 })")
        try writer.suite("server").commit(["http.port": .int(9091), "http.host": .string("b")])
        #expect(await waitUntil { ports.withLock { $0 } == [8080, 9090, 9091] }, "\(ports.withLock { $0 })")
        #expect(config.string(forKey: "http.host") == "b")
        #expect(
            try PrefsProvider(suite: suite).snapshot().value(forKey: ["http", "host"], type: .string).value?.content
                == .string("b"))
    }
}
#endif
