import Benchmark
import BenchmarkSupport
import Foundation

// `prefs` on a PostgreSQL table of 200,000 rows in 100 suites (issue 12): one process per command, as users run it,
// beside a bare PostgresNIO process doing the least the same command needs, and beside `prefs` on the file store,
// all in one run. Benchmarks/run builds `prefs` as it ships (PREFS_BENCH_PREFS) and starts the server
// (PREFS_BENCH_POSTGRES_URL).
let benchmarks: @Sendable () -> Void = {
    let resident = BenchmarkMetric.custom("peak resident (KB)", polarity: .prefersSmaller, useScalingFactor: false)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, resident], timeUnits: .microseconds, warmupIterations: 2, maxDuration: .seconds(20),
        maxIterations: 41)

    // A one-key read of a 2,000-key suite.
    for (label, command) in [
        ("prefs --store URL read s7 k7", Command.prefs(["--store", "{url}", "read", "s7", "k7"])),
        ("bare PostgresNIO process, one SELECT", Command.peer(["pg-raw-read", "{url}", "s7", "k7"])),
        ("prefs read on the file store, same suite", Command.prefs(["--config-dir", "{dir}", "read", "s7", "k7"])),
    ] {
        Benchmark("Read one key, 200,000-row table: \(label)", configuration: configuration) { benchmark, fixture in
            try command.measure(benchmark, resident: resident, fixture: fixture)
        } setup: {
            try Fixture.shared()
        }
    }

    // A one-key write to a 2,000-key suite, a new value each time.
    for (label, command) in [
        ("prefs --store URL write s7 k7 VALUE", Command.prefs(["--store", "{url}", "write", "s7", "k7", "v{i}"])),
        ("bare PostgresNIO process, one upsert", Command.peer(["pg-raw-upsert", "{url}", "s7", "k7", "v{i}"])),
        (
            "prefs write on the file store, same suite",
            Command.prefs(["--config-dir", "{dir}", "write", "s7", "k7", "v{i}"])
        ),
    ] {
        Benchmark("Write one key, 200,000-row table: \(label)", configuration: configuration) { benchmark, fixture in
            try command.measure(benchmark, resident: resident, fixture: fixture)
        } setup: {
            try Fixture.shared()
        }
    }
}

/// The filled table, and a file-store copy of its suite s7, made once per benchmark process.
struct Fixture: Sendable {
    let url: String
    let directory: String

    static func shared() throws -> Fixture {
        guard let server = ProcessInfo.processInfo.environment["PREFS_BENCH_POSTGRES_URL"] else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "run through Benchmarks/run"])
        }
        let url = server + (server.contains("?") ? "&" : "?") + "table=cli_bench"
        try MeasuredRun.run(try Command.peerPath(), ["pg-fill", url, "100", "2000"])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-bench-config").path
        let document = directory + ".json"
        let keys = (0..<2000).map { "\"k\($0)\": \"value \(14_000 + $0)\"" }.joined(separator: ", ")
        try Data("{\(keys)}".utf8).write(to: URL(fileURLWithPath: document))
        try MeasuredRun.run(try Command.prefsPath(), ["--config-dir", directory, "import", "s7", document])
        return Fixture(url: url, directory: directory)
    }
}

/// One process to time: `prefs` or the peer, with `{url}`, `{dir}` and `{i}` (a new value) filled in.
enum Command: Sendable {
    case prefs([String])
    case peer([String])

    func measure(_ benchmark: Benchmark, resident: BenchmarkMetric, fixture: Fixture) throws {
        let (path, arguments): (String, [String]) =
            switch self {
            case .prefs(let arguments): (try Self.prefsPath(), arguments)
            case .peer(let arguments): (try Self.peerPath(), arguments)
            }
        let filled = arguments.map {
            $0.replacingOccurrences(of: "{url}", with: fixture.url).replacingOccurrences(
                of: "{dir}", with: fixture.directory
            ).replacingOccurrences(of: "{i}", with: "\(UUID().uuidString.prefix(8))")
        }
        let run = try MeasuredRun.run(path, filled)
        benchmark.measurement(resident, run.peakResidentKilobytes)
    }

    static func prefsPath() throws -> String {
        guard let path = ProcessInfo.processInfo.environment["PREFS_BENCH_PREFS"] else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "run through Benchmarks/run"])
        }
        return path
    }

    static func peerPath() throws -> String {
        guard let path = ProcessInfo.processInfo.environment["PREFS_BENCH_PEER"] else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "run through Benchmarks/run"])
        }
        return path
    }
}
