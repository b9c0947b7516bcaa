import Benchmark
import BenchmarkSupport
import Foundation
import PrefsKit
import PrefsPostgres

// The PostgreSQL store (issue 6) beside bare PostgresNIO doing the least the same job needs, on the server
// Benchmarks/run starts on loopback (PREFS_BENCH_POSTGRES_URL). Every process is a peer, so that the harness's own
// malloc counting slows neither end.
let benchmarks: @Sendable () -> Void = {
    let latency = BenchmarkMetric.custom("latency (µs)")
    let kept = BenchmarkMetric.custom("keys kept", polarity: .prefersLarger, useScalingFactor: false)

    for (label, pong, ping) in [
        ("PrefsPostgres (write → change event)", "pg-pong", "pg-ping"),
        ("PostgresNIO (NOTIFY → notification)", "pg-raw-pong", "pg-raw-ping"),
    ] {
        Benchmark(
            "Write on client A until the event on client B, loopback: \(label)",
            configuration: .init(metrics: [latency], maxIterations: 1)
        ) { benchmark, url in
            let listener = try Peer.start([pong, url, "500"], capturingOutput: true)
            let lines = try Peer.lines(of: listener, until: "ready")
            let writer = try Peer.start([ping, url, "500", "4"])
            writer.waitUntilExit()
            listener.waitUntilExit()
            for delay in try lines().compactMap({ Int($0) }) { benchmark.measurement(latency, delay) }
        } setup: {
            try benchmarkTable()
        }
    }

    for (label, peer) in [("PrefsPostgres", "pg-write"), ("bare upserts with PostgresNIO", "pg-raw-write")] {
        Benchmark(
            "8 writer processes × 500 keys: \(label)",
            configuration: .init(metrics: [.wallClock, kept], warmupIterations: 0, maxIterations: 1)
        ) { benchmark, url in
            benchmark.startMeasurement()
            let writers = try (0..<8).map { try Peer.start([peer, url, "w\($0)", "500"]) }
            for writer in writers { writer.waitUntilExit() }
            benchmark.stopMeasurement()
            let count = try Peer.start(["pg-count", url, peer == "pg-write" ? "store" : "raw"], capturingOutput: true)
            benchmark.measurement(kept, try Peer.output(of: count).compactMap { Int($0) }.first ?? 0)
        } setup: {
            try benchmarkTable()
        }
    }
}

/// The benchmark server's URL with a table of this benchmark's own.
private func benchmarkTable() throws -> String {
    guard let url = ProcessInfo.processInfo.environment["PREFS_BENCH_POSTGRES_URL"] else {
        throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "run through Benchmarks/run"])
    }
    return url + "?table=bench_\(UUID().uuidString.prefix(8).lowercased())"
}
