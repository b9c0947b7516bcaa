import Benchmark
import BenchmarkSupport
import Foundation
import PrefsFileStore
import PrefsKit
import Synchronization

// Each pair measures PrefsKit and the thing it is compared with, in the same run; Benchmarks/run prints the ratios.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput], warmupIterations: 5, maxDuration: .seconds(3), maxIterations: 100_000)

    for (label, fetch) in [
        ("PrefsKit FileSuite.get", { (side: SideBySide) in blackHole(side.suite.get(.benchmarkName)) }),
        ("UserDefaults.string(forKey:)", { (side: SideBySide) in blackHole(side.defaults.string(forKey: "key-50")) }),
    ] {
        Benchmark("Typed read, 100 keys: \(label)", configuration: .init(scalingFactor: .kilo)) { benchmark, side in
            for _ in benchmark.scaledIterations { fetch(side) }
        } setup: {
            try SideBySide(keys: 100)
        }
    }

    for keys in [100, 10_000] {
        Benchmark("Single-key write, \(keys) keys: PrefsKit FileSuite.set") { benchmark, side in
            for _ in benchmark.scaledIterations {
                side.counter += 1
                side.suite.set(.benchmarkName, to: "\(side.counter)")
            }
        } setup: {
            try SideBySide(keys: keys)
        }
        Benchmark("Single-key write, \(keys) keys: UserDefaults set + synchronize") { benchmark, side in
            for _ in benchmark.scaledIterations {
                side.counter += 1
                side.defaults.set("\(side.counter)", forKey: "key-50")
                side.defaults.synchronize()
            }
        } setup: {
            try SideBySide(keys: keys)
        }
    }

    // Both ends are plain peer processes, so that the harness's malloc counting does not slow the watcher down.
    Benchmark(
        "Write in one process until the event in another: PrefsKit",
        configuration: .init(metrics: [.custom("latency (µs)")], maxIterations: 1)
    ) { benchmark, directory in
        let pong = try Peer.start(["pong", directory.path, "bench", "500"], capturingOutput: true)
        let lines = try Peer.lines(of: pong, until: "ready")
        let ping = try Peer.start(["ping", directory.path, "bench", "500", "4"])
        ping.waitUntilExit()
        pong.waitUntilExit()
        for delay in try lines().compactMap({ Int($0) }) { benchmark.measurement(.custom("latency (µs)"), delay) }
    } setup: {
        try PeerDirectory(keys: 100)
    }

    for (label, plain) in [("PrefsKit", false), ("UserDefaults", true)] {
        Benchmark(
            "8 writer processes × 500 keys: \(label)",
            configuration: .init(
                metrics: [.wallClock, .custom("keys kept", polarity: .prefersLarger, useScalingFactor: false)],
                maxIterations: 1)
        ) { benchmark, side in
            let peers = try (0..<8).map { writer in
                try Peer.start(
                    plain
                        ? ["ud-write", side.defaultsPath + "-contended", "w\(writer)", "500"]
                        : ["write", side.directory.path, "contended", "w\(writer)", "500"])
            }
            for peer in peers { peer.waitUntilExit() }
            let kept: Int
            if plain {
                let data = try Data(contentsOf: URL(fileURLWithPath: side.defaultsPath + "-contended.plist"))
                let object = try PropertyListSerialization.propertyList(from: data, format: nil)
                kept = (object as? [String: Any])?.count ?? 0
            } else {
                kept = try FileStore(
                    directory: side.directory, journalDirectory: side.store.journalDirectory, launchArguments: .none
                ).suite("contended")
                    .primitiveValues().count
            }
            benchmark.measurement(.custom("keys kept", polarity: .prefersLarger, useScalingFactor: false), kept)
        } setup: {
            try SideBySide(keys: 0)
        }
    }
}
