import BenchmarkSupport
import Foundation
import PrefsKit
import PrefsTools
import Synchronization

/// A value of every type a recording holds, the `index`th of its kind, differing by `round`.
func benchmarkValue(_ index: Int, round: Int) -> PropertyListValue {
    switch index % 8 {
    case 0: .string("value \(index) of round \(round): $(quoted) 'and' \"double\"\nnext line")
    case 1: .int(index * 1_000_003 + round)
    case 2: .double(Double(index) / 7 + Double(round))
    case 3: .bool((index + round) % 2 == 0)
    // Whole seconds apart: an XML property list keeps dates to the second.
    case 4: .date(Date(timeIntervalSince1970: 1_700_000_000 + Double(index) + Double(round) * 60))
    case 5: .data(Data((0..<32).map { UInt8(truncatingIfNeeded: index &+ $0 &+ round) }))
    case 6: .array([.int(index), .string("item \(round)"), .array([.bool(true)])])
    default: .dictionary(["width": .int(index + round), "title": .string("window \(index)"), "frame": .double(0.5)])
    }
}

/// 10,000 changes of 5,000 keys in two suites, each key changed twice, made once per benchmark.
final class RecordedFixture: Sendable {
    let changes: [PersistentKeyValueChange]
    /// A line for each key, already made: the floor.
    let lines: [String]
    let started = Date()
    let directory: URL
    let output: String

    init() throws {
        var changes: [PersistentKeyValueChange] = []
        for round in 0..<2 {
            for index in 0..<5000 {
                changes.append(
                    PersistentKeyValueChange(
                        suite: index % 2 == 0 ? "com.example.app" : "com.example.daemon", key: "key-\(index)",
                        oldValue: round == 0 ? nil : benchmarkValue(index, round: 0),
                        newValue: benchmarkValue(index, round: round), origin: .otherProcess))
            }
        }
        self.changes = changes
        lines = (0..<5000).map { "prefs write com.example.app 'key-\($0)' 'value \($0)' --type string" }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        output = directory.appendingPathComponent("recorded.sh").path
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A configuration folder whose suite `s` holds 10,000 keys of every type, and two pairs of files that each give every
/// key a new value: a script as `prefs record` writes it, and the same values as a property list for `prefs import`.
final class ApplyFixture: Sendable {
    enum Way { case apply, `import` }

    let root: URL
    let environment: [String: String]
    private let prefs: String
    /// Which round's files the suite does not hold yet.
    private let next = Mutex(0)

    init() throws {
        prefs = try BenchmarkTools.path("PREFS_BENCH_PREFS")
        root = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        for (variable, folder) in [
            ("XDG_CONFIG_HOME", "config"), ("XDG_STATE_HOME", "state"), ("XDG_DATA_HOME", "data"),
        ] {
            environment[variable] = root.appendingPathComponent(folder).path
        }
        self.environment = environment
        // Each round's script, made by the recorder's own code, then applied and exported: the property list holds
        // exactly what the script gave. The suite ends holding round 1.
        for round in 0..<2 {
            var recorded = RecordedChanges()
            for index in 0..<10_000 {
                recorded.set(suite: "s", key: "key-\(index)", to: benchmarkValue(index, round: round))
            }
            let script = RecordScript(
                started: Date(), ended: Date(), store: "bench", suites: [], filter: RecordFilter(), changes: recorded)
            try Data(script.text(schema: { _ in nil }).utf8).write(to: file(.apply, round))
            try MeasuredRun.run(prefs, ["apply", file(.apply, round).path, "--yes"], environment: environment)
            try MeasuredRun.run(prefs, ["export", "s", "-o", file(.import, round).path], environment: environment)
        }
    }

    /// Runs `prefs apply` or `prefs import` with the round the suite does not hold, so that every key changes.
    func changeEveryKey(_ way: Way) throws {
        let round = next.withLock { round in
            defer { round = 1 - round }
            return round
        }
        let path = file(way, round).path
        let arguments = way == .apply ? ["apply", path, "--yes"] : ["import", "s", path]
        try MeasuredRun.run(prefs, arguments, environment: environment)
    }

    private func file(_ way: Way, _ round: Int) -> URL {
        root.appendingPathComponent(way == .apply ? "round-\(round).sh" : "round-\(round).plist")
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }
}
