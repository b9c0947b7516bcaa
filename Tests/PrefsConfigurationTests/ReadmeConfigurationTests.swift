import Foundation
import PrefsTestHelpers
import Synchronization
import Testing

/// The README's swift-configuration example, run as written: `prefs write`, on a store of its own (run in this
/// process, as `prefs` runs it), changes the port the app listens on, live.
@Suite(.threadOfItsOwn) struct ReadmeConfigurationTests {
    @Test func prefsWriteChangesTheExampleAppsPortLive() async throws {
        let cli = try InProcessPrefs()
        let ports = Mutex<[Int]>([])
        let directory = cli.configDirectory
        let app = Task {
            try await serve(suite: "com.example.server", directory: directory) { port in
                ports.withLock { $0.append(port) }
            }
        }
        defer { app.cancel() }
        #expect(await waitUntil { ports.withLock { $0 } == [8080] }, "the schema's default")
        let result = try cli.run("write", "com.example.server", "http.port", "9090", "--type", "int")
        #expect(result.status == 0, "\(result.error)")
        #expect(await waitUntil { ports.withLock { $0 } == [8080, 9090] }, "\(ports.withLock { $0 })")
    }
}
