import Configuration
import Foundation
import PrefsConfiguration
import PrefsFileStore
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Synchronization
import Testing

/// Typed watches through `ConfigReader`, fed by writes to the same files through other stores: `prefs` commands run
/// in this process, as `prefs` runs them, and an app of its own (`prefs-test-helper`) for a transaction.
@Suite(.threadOfItsOwn) struct PrefsProviderWatchTests {
    /// What one watch saw, in order.
    final class Seen<Value: Sendable & Equatable>: Sendable {
        let values = Mutex<[Value]>([])
        func record(_ value: Value) { values.withLock { $0.append(value) } }
        var all: [Value] { values.withLock { $0 } }
    }

    /// Runs a watch until it has seen `expected`, or the time runs out.
    static func watch<Value: Sendable & Equatable>(
        until expected: Value, seen: Seen<Value>,
        _ body: @escaping @Sendable (@escaping @Sendable (Value) -> Bool) async throws -> Void
    ) -> Task<Void, any Error> {
        Task {
            try await body { value in
                seen.record(value)
                return value == expected
            }
        }
    }

    @Test func typedWatchesFireOnPrefsWritesOfEveryType() async throws {
        let cli = try InProcessPrefs()
        let store = try FileStore(directory: cli.configDirectory)
        let watching = try store.startWatching()
        defer { watching.cancel() }
        let suite = try store.suite("server")
        try suite.setPrimitiveValues([
            "http.port": .int(8080), "verbose": .bool(false), "ratio": .double(0.5), "greeting": .string("hello"),
        ])
        let config = ConfigReader(provider: PrefsProvider(suite: suite))

        let ports = Seen<Int>()
        let flags = Seen<Bool>()
        let ratios = Seen<Double>()
        let greetings = Seen<String>()
        let tasks = [
            Self.watch(until: 9090, seen: ports) { done in
                try await config.watchInt(forKey: "http.port", default: 0) { updates in
                    for await value in updates where done(value) { return }
                }
            },
            Self.watch(until: true, seen: flags) { done in
                try await config.watchBool(forKey: "verbose", default: false) { updates in
                    for await value in updates where done(value) { return }
                }
            },
            Self.watch(until: 0.75, seen: ratios) { done in
                try await config.watchDouble(forKey: "ratio", default: 0) { updates in
                    for await value in updates where done(value) { return }
                }
            },
            Self.watch(until: "bonjour", seen: greetings) { done in
                try await config.watchString(forKey: "greeting", default: "") { updates in
                    for await value in updates where done(value) { return }
                }
            },
        ]
        // Every watch has delivered its current value before the other process writes.
        #expect(
            await waitUntil {
                !ports.all.isEmpty && !flags.all.isEmpty && !ratios.all.isEmpty && !greetings.all.isEmpty
            })

        for arguments in [
            ["write", "server", "http.port", "9090", "--type", "int"],
            ["write", "server", "verbose", "true", "--type", "bool"],
            ["write", "server", "ratio", "0.75", "--type", "float"],
            ["write", "server", "greeting", "bonjour"],
        ] {
            let result = cli.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.error)")
        }
        #expect(await waitUntil { ports.all.last == 9090 && flags.all.last == true })
        #expect(await waitUntil { ratios.all.last == 0.75 && greetings.all.last == "bonjour" })
        for task in tasks { task.cancel() }
        #expect(ports.all == [8080, 9090])
        #expect(flags.all == [false, true])
        #expect(ratios.all == [0.5, 0.75])
        #expect(greetings.all == ["hello", "bonjour"])
    }

    @Test func aWatcherIsToldOnlyWhenItsOwnTypedResultChanges() async throws {
        let cli = try InProcessPrefs()
        let store = try FileStore(directory: cli.configDirectory)
        let watching = try store.startWatching()
        defer { watching.cancel() }
        let suite = try store.suite("server")
        try suite.setPrimitiveValues(["http": .dictionary(["port": .int(8080), "host": .string("a")])])
        let provider = PrefsProvider(suite: suite)

        let results = Mutex<[String]>([])
        let task = Task {
            try await provider.watchValue(forKey: ["http", "port"], type: .int) { updates in
                for await update in updates {
                    let text: String
                    switch update {
                    case .success(let result): text = result.value.map { "\($0.content)" } ?? "absent"
                    case .failure(let error): text = "error: \(error)"
                    }
                    results.withLock { $0.append(text) }
                }
            }
        }
        defer { task.cancel() }
        #expect(await waitUntil { results.withLock { $0 } == ["int(8080)"] })

        // The dictionary holding the port changes, but not the port: no update. Then the port does, then its type,
        // then the key goes. Each step waits until the watcher has taken its update, since a watch keeps only the
        // newest one for a consumer that falls behind.
        let steps: [([String], [String])] = [
            (["write", "server", "http", #"{"port":8080,"host":"b"}"#, "--type", "json"], ["int(8080)"]),
            (["write", "server", "http", #"{"port":8081,"host":"b"}"#, "--type", "json"], ["int(8080)", "int(8081)"]),
            (
                ["write", "server", "http", #"{"port":"eighty","host":"b"}"#, "--type", "json"],
                [
                    "int(8080)", "int(8081)",
                    "error: configuration key \"http.port\" holds a value of type string, which cannot be read as int",
                ]
            ),
        ]
        for (arguments, expected) in steps {
            let result = cli.run(arguments)
            #expect(result.status == 0, "\(result.error)")
            #expect(await waitUntil { suite.primitiveValue(forKey: "http")?.text.contains("b") == true })
            #expect(await waitUntil { results.withLock { $0 } == expected }, "\(results.withLock { $0 })")
        }
        // The first step's change reached the store without reaching the watcher: nothing arrived in the meantime.
        try cli.run("delete", "server", "http")
        #expect(await waitUntil { results.withLock { $0 }.last == "absent" })
        #expect(results.withLock { $0 }.count == 4)
    }

    @Test func aSnapshotHoldsAllOfAnotherProcesssTransactionOrNoneOfIt() async throws {
        let cli = try InProcessPrefs()
        let store = try FileStore(directory: cli.configDirectory)
        let watching = try store.startWatching()
        defer { watching.cancel() }
        let suite = try store.suite("pair")
        try suite.setPrimitiveValues(["left": .int(0), "right": .int(0)])
        let provider = PrefsProvider(suite: suite)
        let torn = Mutex(0)
        let seen = Mutex(0)
        let task = Task {
            try await provider.watchSnapshot { updates in
                for await snapshot in updates {
                    let left = try snapshot.value(forKey: ["left"], type: .int).value?.content
                    let right = try snapshot.value(forKey: ["right"], type: .int).value?.content
                    if left != right { torn.withLock { $0 += 1 } }
                    if case .int(let round) = left { seen.withLock { $0 = max($0, round) } }
                }
            }
        }
        defer { task.cancel() }
        // An app writes both keys in one transaction, each time with a new equal pair.
        let app = try ChildProcess.run(
            "prefs-test-helper", ["pairs", cli.configDirectory.path, "pair", "20"], environment: cli.environment)
        #expect(app.status == 0, "\(app.standardError)")
        #expect(await waitUntil { seen.withLock { $0 } == 20 })
        #expect(torn.withLock { $0 } == 0)
    }
}
