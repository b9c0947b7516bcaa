// The swift-configuration peers: a process that watches "ping" through a ConfigReader, over the Prefs provider or over
// swift-configuration's own ReloadingFileProvider reading the same suite file.
import Configuration
import Foundation
import PrefsConfiguration
import PrefsFileStore
import PrefsKit
import Synchronization
import SystemPackage

enum ConfigurationPeer {
    /// The watchers compared.
    enum Watcher: String {
        /// `watchInt` on `PrefsProvider`, pushed by the file store's inotify watch.
        case prefs
        /// `watchInt` on `ReloadingFileProvider<PropertyListSnapshot>`, polling every second.
        case reloadingInt = "reloading-int"
        /// `watchSnapshot` on the same provider, reading the int from each new snapshot.
        case reloadingSnapshot = "reloading-snapshot"
    }

    /// The delays seen so far, in microseconds, and the last value seen.
    struct Seen: Sendable {
        var first = true
        var last: Int?
        var delays: [Int] = []
    }

    /// cfg-pong WATCHER DIR SUITE COUNT QUIET-MS: prints "ready" once the watch delivered the current value, then,
    /// after COUNT changes of "ping" or QUIET-MS without one, each change's delay in microseconds.
    static func pong(_ watcher: Watcher, directory: String, suite: String, count: Int, quiet: Int) async throws {
        let reader: ConfigReader
        var service: Task<Void, any Error>?
        switch watcher {
        case .prefs:
            // The journal the ping peer writes, so that the watcher attributes the change as it would in an app.
            let url = URL(fileURLWithPath: directory)
            let store = try FileStore(
                directory: url, journalDirectory: url.appendingPathComponent("journal"), launchArguments: .none)
            watches.withLock { $0.append(try? store.startWatching()) }
            reader = ConfigReader(provider: PrefsProvider(suite: try store.suite(suite)))
        case .reloadingInt, .reloadingSnapshot:
            let provider = try await ReloadingFileProvider<PropertyListSnapshot>(
                filePath: FilePath("\(directory)/\(suite).plist"), pollInterval: .seconds(1))
            service = Task { try await provider.run() }
            reader = ConfigReader(provider: provider)
        }
        let seen = Mutex(Seen())
        let record: @Sendable (Int?) -> Void = { value in
            let now = wallClockNanoseconds()
            seen.withLock { seen in
                defer { (seen.first, seen.last) = (false, value) }
                guard !seen.first, let value, value != seen.last else { return }
                seen.delays.append((now - value) / 1000)
            }
        }
        let watch = Task {
            if watcher == .reloadingSnapshot {
                try await reader.watchSnapshot { updates in
                    for await snapshot in updates { record(snapshot.int(forKey: "ping")) }
                }
            } else {
                try await reader.watchInt(forKey: "ping") { updates in for await value in updates { record(value) } }
            }
        }
        while seen.withLock({ $0.first }) { try await Task.sleep(for: .milliseconds(1)) }
        FileHandle.standardOutput.write(Data("ready\n".utf8))
        var last = (count: 0, time: ContinuousClock.now)
        while last.count < count && ContinuousClock.now - last.time < .milliseconds(quiet) {
            try await Task.sleep(for: .milliseconds(1))
            let now = seen.withLock { $0.delays.count }
            if now != last.count { last = (now, .now) }
        }
        watch.cancel()
        service?.cancel()
        FileHandle.standardOutput.write(Data(seen.withLock { $0.delays }.map { "\($0)\n" }.joined().utf8))
    }
}
