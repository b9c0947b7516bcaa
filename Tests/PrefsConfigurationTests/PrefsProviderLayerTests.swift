import Configuration
import Foundation
import PrefsConfiguration
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Synchronization
import Testing

/// swift-configuration reads what PrefsKit reads: a system layer's values where the user set none, and a locked value
/// whatever the user's file holds, live as the files change.
@Suite(.threadOfItsOwn) struct PrefsProviderLayerTests {
    private func writeLayer(_ values: [String: Any], locks: String, in scope: ScopedFileStore) throws {
        try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0)
            .write(to: scope.systemDirectory.appendingPathComponent("server.plist"))
        try Data(locks.utf8).write(to: scope.systemDirectory.appendingPathComponent("server.locks"))
    }

    @Test func readsAndSnapshotsGiveTheValuesInForce() throws {
        let scope = try ScopedFileStore(systemLayers: true)
        try writeLayer(["http.port": 8080, "mode": "safe", "region": "eu"], locks: "mode\n", in: scope)
        // Another program, which knows nothing of locks, wrote the user's file with a value under the lock.
        let user: [String: Any] = ["region": "us", "verbose": true, "mode": "fast"]
        try PropertyListSerialization.data(fromPropertyList: user, format: .xml, options: 0)
            .write(to: scope.configDirectory.appendingPathComponent("server.plist"), options: .atomic)
        let suite = try scope.store.suite("server")
        #expect(suite.primitiveValue(forKey: "mode") == .string("fast"))
        let config = ConfigReader(provider: PrefsProvider(suite: suite))
        #expect(config.int(forKey: "http.port") == 8080, "the layer's value where the user set none")
        #expect(config.string(forKey: "region") == "us", "the user's value over the layer's")
        #expect(config.string(forKey: "mode") == "safe", "the locked value over the user's")
        #expect(config.bool(forKey: "verbose") == true)
        let snapshot = PrefsProvider(suite: suite).snapshot()
        #expect(try snapshot.value(forKey: ["mode"], type: .string).value?.content == .string("safe"))
        #expect(try snapshot.value(forKey: ["http", "port"], type: .int).value?.content == .int(8080))
    }

    @Test func aWatchFollowsTheLockFile() async throws {
        let scope = try ScopedFileStore(systemLayers: true)
        try writeLayer(["http.port": 8080], locks: "", in: scope)
        let suite = try scope.store.suite("server")
        try suite.setPrimitiveValues(["http.port": .int(9090)])
        let config = ConfigReader(provider: PrefsProvider(suite: suite))
        let ports = Mutex<[Int]>([])
        let task = Task {
            try await config.watchInt(forKey: "http.port", default: 0) { updates in
                for await port in updates { ports.withLock { $0.append(port) } }
            }
        }
        defer { task.cancel() }
        #expect(await waitUntil { ports.withLock { $0 } == [9090] })
        try Data("http.port\n".utf8).write(to: scope.systemDirectory.appendingPathComponent("server.locks"))
        #expect(await waitUntil { ports.withLock { $0 } == [9090, 8080] }, "the lock puts the system's port in force")
        try FileManager.default.removeItem(at: scope.systemDirectory.appendingPathComponent("server.locks"))
        #expect(await waitUntil { ports.withLock { $0 } == [9090, 8080, 9090] })
    }
}
