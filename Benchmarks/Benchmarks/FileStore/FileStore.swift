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

    let read: @Sendable (SideBySide) -> Void = { side in blackHole(side.suite.get(.benchmarkName)) }
    for (label, layered, fetch) in [
        ("PrefsKit FileSuite.get", false, read),
        ("PrefsKit FileSuite.get, beside a system layer of 100 keys and 10 locks", true, read),
        (
            "[String: Any] lookup and cast (floor)", false,
            { @Sendable side in
                blackHole(side.dictionary["key-50"] as? String)
            }
        ),
        (
            "UserDefaults.string(forKey:)", false,
            { @Sendable side in blackHole(side.defaults.string(forKey: "key-50")) }
        ),
    ] as [(String, Bool, @Sendable (SideBySide) -> Void)] {
        Benchmark("Typed read, 100 keys: \(label)", configuration: .init(scalingFactor: .kilo)) { benchmark, side in
            for _ in benchmark.scaledIterations { fetch(side) }
        } setup: {
            try SideBySide(keys: 100, layered: layered)
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

    // Both ends are plain peer processes, so that the harness's malloc counting does not slow the watcher down. Five
    // rounds of 100 writes each way, taking turns (WriteToEvent).
    Benchmark(
        "Write in one process until the event in another: PrefsKit, recorded, and the floor",
        configuration: .init(metrics: WriteToEvent.allCases.map(\.metric), warmupIterations: 0, maxIterations: 1)
    ) { benchmark, directory in
        for _ in 0..<5 {
            for way in WriteToEvent.allCases {
                for delay in try way.round(in: directory, writes: 100) { benchmark.measurement(way.metric, delay) }
            }
        }
    } setup: {
        try PeerDirectory(keys: 100)
    }

    // Each run writes keys no earlier run wrote, with no warm-up run: a warm-up that wrote every key left the
    // measured run nothing but no-op writes, and the harness reported 50 ms for what takes seconds. The time is also
    // taken here, around the writer processes alone, as "elapsed (ms)".
    for (label, plain) in [("PrefsKit", false), ("UserDefaults", true)] {
        let elapsed = BenchmarkMetric.custom("elapsed (ms)", polarity: .prefersSmaller, useScalingFactor: false)
        let kept = BenchmarkMetric.custom("keys kept", polarity: .prefersLarger, useScalingFactor: false)
        Benchmark(
            "8 writer processes × 500 keys: \(label)",
            configuration: .init(metrics: [.wallClock, elapsed, kept], warmupIterations: 0, maxIterations: 3)
        ) { benchmark, side in
            side.counter += 1
            let run = "r\(side.counter)"
            let clock = ContinuousClock()
            let start = clock.now
            let peers = try (0..<8).map { writer in
                try Peer.start(
                    plain
                        ? ["ud-write", side.defaultsPath + "-contended", "\(run)w\(writer)", "500"]
                        : ["write", side.directory.path, "contended", "\(run)w\(writer)", "500"])
            }
            for peer in peers { peer.waitUntilExit() }
            let took = clock.now - start
            benchmark.measurement(
                elapsed, Int(took.components.seconds * 1000 + took.components.attoseconds / 1_000_000_000_000_000))
            let keys: [String]
            if plain {
                let data = try Data(contentsOf: URL(fileURLWithPath: side.defaultsPath + "-contended.plist"))
                let object = try PropertyListSerialization.propertyList(from: data, format: nil)
                keys = Array((object as? [String: Any])?.keys ?? [:].keys)
            } else {
                keys = try FileStore(
                    directory: side.directory, journalDirectory: side.store.journalDirectory, launchArguments: .none
                ).suite("contended").sortedKeys()
            }
            benchmark.measurement(kept, keys.filter { $0.hasPrefix("\(run)w") }.count)
        } setup: {
            try SideBySide(keys: 0)
        }
    }

    // A suite holding one string of 400,000 characters that XML must escape (`<` and `&`, alternately): each is an
    // entity to decode. Both sides read the file from disk and decode it.
    for (label, foundation) in [("PrefsKit", false), ("Foundation PropertyListSerialization", true)] {
        Benchmark("Read a suite with 400,000 entities: \(label)") { benchmark, entities in
            for _ in benchmark.scaledIterations {
                if foundation {
                    let data = try Data(contentsOf: entities.file)
                    blackHole(try PropertyListSerialization.propertyList(from: data, format: nil))
                } else {
                    let store = try FileStore(
                        directory: entities.directory, journalDirectory: entities.journal, launchArguments: .none)
                    blackHole(try store.suite("entities").primitiveValue(forKey: "text"))
                }
            }
        } setup: {
            try EntitySuite()
        }
    }
}
