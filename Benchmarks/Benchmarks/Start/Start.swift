import Benchmark
import BenchmarkSupport
import Foundation

// How long `prefs` takes to start and do a small thing, one process per command as users run it, beside the floor:
// a static program that uses FoundationEssentials' coders and does nothing else (Sources/start-floor), in the same
// run. Benchmarks/run builds prefs as it ships (PREFS_BENCH_PREFS) and the floor (PREFS_BENCH_FLOOR).
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 10, maxDuration: .seconds(10),
        maxIterations: 301)
    for (label, command) in [
        ("static FoundationEssentials program (floor)", StartCommand.floor),
        ("prefs --version", StartCommand.prefs(["--version"])),
        ("prefs read s k", StartCommand.prefs(["read", "s", "k"])),
        ("prefs write s k VALUE", StartCommand.prefs(["write", "s", "k", "{i}"])),
    ] {
        Benchmark("Start: \(label)", configuration: configuration) { benchmark, fixture in
            for _ in benchmark.scaledIterations { try command.run(in: fixture) }
        } setup: {
            try StartFixture.shared()
        }
    }
}

/// A configuration directory holding suite `s` with key `k`, in a suite of 100 keys, made once per process.
struct StartFixture: Sendable {
    let environment: [String: String]

    static func shared() throws -> StartFixture {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("start-\(UUID().uuidString)")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = root.appendingPathComponent("config").path
        environment["XDG_STATE_HOME"] = root.appendingPathComponent("state").path
        environment["XDG_DATA_HOME"] = root.appendingPathComponent("data").path
        let keys = (0..<100).map { "\"key-\($0)\": \"value \($0)\"" }.joined(separator: ", ")
        let document = root.appendingPathComponent("s.json")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("{\(keys), \"k\": \"1\"}".utf8).write(to: document)
        try MeasuredRun.run(
            try StartCommand.path("PREFS_BENCH_PREFS"), ["import", "s", document.path], environment: environment)
        return StartFixture(environment: environment)
    }
}

/// One process to start: prefs with arguments (`{i}` becomes a new value each time), or the floor.
enum StartCommand: Sendable {
    case floor
    case prefs([String])

    func run(in fixture: StartFixture) throws {
        switch self {
        case .floor:
            try MeasuredRun.run(try Self.path("PREFS_BENCH_FLOOR"), [], environment: fixture.environment)
        case .prefs(let arguments):
            let filled = arguments.map { $0 == "{i}" ? String(UInt32.random(in: 0...UInt32.max)) : $0 }
            try MeasuredRun.run(try Self.path("PREFS_BENCH_PREFS"), filled, environment: fixture.environment)
        }
    }

    static func path(_ variable: String) throws -> String {
        guard let path = ProcessInfo.processInfo.environment[variable] else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "run through Benchmarks/run"])
        }
        return path
    }
}
