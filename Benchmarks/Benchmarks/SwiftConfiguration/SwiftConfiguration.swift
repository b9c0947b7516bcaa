import Benchmark
import BenchmarkSupport
import Configuration
import Foundation
import PrefsConfiguration
import PrefsFileStore
import PrefsKit

// PrefsProvider beside swift-configuration's own providers, in the same run; Benchmarks/run prints the ratios.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput], warmupIterations: 5, maxDuration: .seconds(3), maxIterations: 100_000)

    for (label, reader) in [
        ("PrefsProvider over a file suite", { (fixture: ReadFixture) in fixture.prefs }),
        ("InMemoryProvider", { (fixture: ReadFixture) in fixture.memory }),
    ] {
        Benchmark("ConfigReader.int(forKey:), 100 keys: \(label)", configuration: .init(scalingFactor: .kilo)) {
            benchmark, fixture in
            let config = reader(fixture)
            for _ in benchmark.scaledIterations { blackHole(config.int(forKey: "key-50")) }
        } setup: {
            try ReadFixture(keys: 100)
        }
    }

    // Both ends are peer processes, so that the harness's malloc counting slows neither; 500 writes 4 ms apart.
    let latency = BenchmarkMetric.custom("latency (µs)")
    Benchmark(
        "Write in one process until watchInt fires in another: PrefsProvider",
        configuration: .init(metrics: [latency], maxIterations: 1)
    ) { benchmark, directory in
        let pong = try Peer.start(
            ["cfg-pong", "prefs", directory.path, "bench", "500", "2000"], capturingOutput: true)
        let lines = try Peer.lines(of: pong, until: "ready")
        let ping = try Peer.start(["ping", directory.path, "bench", "500", "4"])
        ping.waitUntilExit()
        for delay in try lines().compactMap({ Int($0) }) { benchmark.measurement(latency, delay) }
    } setup: {
        try PeerDirectory(keys: 100)
    }

    // The same 20 writes, 1.3 s apart so that each falls in a poll interval of its own, seen by three watchers at
    // once: PrefsProvider's watchInt, and ReloadingFileProvider (1 s poll) reading the same suite file through its
    // watchInt and its watchSnapshot. "changes seen" counts what each watcher reported of the 20.
    let watchers = [
        ("PrefsProvider watchInt", "prefs"), ("ReloadingFileProvider watchInt", "reloading-int"),
        ("ReloadingFileProvider watchSnapshot", "reloading-snapshot"),
    ]
    Benchmark(
        "20 writes 1.3 s apart, three watchers",
        configuration: .init(
            metrics: watchers.flatMap { label, _ in
                [BenchmarkMetric.custom("\(label) latency (µs)"), .custom("\(label) changes seen")]
            },
            warmupIterations: 0, maxIterations: 1)
    ) { benchmark, directory in
        let writes = 20
        let pongs = try watchers.map { _, kind in
            let pong = try Peer.start(
                ["cfg-pong", kind, directory.path, "bench", "\(writes)", "\(writes * 1300 + 3000)"],
                capturingOutput: true)
            return try Peer.lines(of: pong, until: "ready")
        }
        let ping = try Peer.start(["ping", directory.path, "bench", "\(writes)", "1300"])
        ping.waitUntilExit()
        for ((label, _), lines) in zip(watchers, pongs) {
            let delays = try lines().compactMap { Int($0) }
            for delay in delays { benchmark.measurement(.custom("\(label) latency (µs)"), delay) }
            benchmark.measurement(.custom("\(label) changes seen"), delays.count)
        }
    } setup: {
        try PeerDirectory(keys: 100)
    }
}
