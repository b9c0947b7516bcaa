import Benchmark
import BenchmarkSupport
import Foundation
import PrefsKit
import PrefsTools

// What prefs record and prefs apply cost, each beside its baseline in the same run:
// - a recording's end: 10,000 changes coalesced into a script written to a file, beside the floor of writing as
//   many lines already made (target: ≤ 100 ms);
// - prefs apply of a 10,000-key script beside prefs import of the same values, one process each as users run them
//   (Benchmarks/run builds prefs as it ships, PREFS_BENCH_PREFS; target: ≤ 1.5×).
let benchmarks: @Sendable () -> Void = {
    let end = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds, warmupIterations: 3, maxIterations: 50)
    Benchmark("Recording's end, 10,000 changes of 5,000 keys: coalesced and written as a script", configuration: end) {
        benchmark, changes in
        for _ in benchmark.scaledIterations {
            var recorded = RecordedChanges()
            for change in changes.changes { recorded.add(change) }
            let script = RecordScript(
                started: changes.started, ended: Date(), store: "bench", suites: [], filter: RecordFilter(),
                changes: recorded)
            try Output.write(Data(script.text(schema: { _ in nil }).utf8), toFile: changes.output)
        }
    } setup: {
        try RecordedFixture()
    }
    Benchmark("Recording's end, 10,000 changes of 5,000 keys: floor, 5,000 lines already made", configuration: end) {
        benchmark, changes in
        for _ in benchmark.scaledIterations {
            try Output.write(Data(changes.lines.joined(separator: "\n").utf8), toFile: changes.output)
        }
    } setup: {
        try RecordedFixture()
    }

    let command = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 2, maxDuration: .seconds(30),
        maxIterations: 20)
    for (label, way) in [("prefs apply SCRIPT --yes", ApplyFixture.Way.apply), ("prefs import s FILE", .import)] {
        Benchmark("10,000 keys of every type, each changed: \(label)", configuration: command) { benchmark, fixture in
            for _ in benchmark.scaledIterations { try fixture.changeEveryKey(way) }
        } setup: {
            try ApplyFixture()
        }
    }
}
