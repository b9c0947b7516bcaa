import Benchmark
import BenchmarkSupport
import Foundation
import Synchronization

// A folder of 500 binary property lists shaped like a real ~/Library/Preferences (issue 28), made by Python's plistlib
// (`scripts/plist-corpus folder`), read by prefs as users run it and, in the same run, by plistlib and Foundation.
// Every sample is one process; Benchmarks/run builds prefs and the peer as they ship.
let benchmarks: @Sendable () -> Void = {
    let resident = BenchmarkMetric.custom("peak resident (KB)", polarity: .prefersSmaller, useScalingFactor: false)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, resident], timeUnits: .milliseconds, warmupIterations: 2, maxDuration: .seconds(20),
        maxIterations: 41)

    for (label, command) in [
        ("prefs read (a process: every suite decoded and printed)", Command.prefs(["read"])),
        ("Python plistlib (a process: every file loaded)", Command.python(["load"])),
        ("Foundation PropertyListSerialization (a process: every file decoded)", Command.peer(["foundation-load"])),
        ("PrefsTUI editor, a process (open, list every suite, draw)", Command.editor(["files-first-frame"])),
    ] {
        Benchmark("500 binary preference files: \(label)", configuration: configuration) { benchmark, folder in
            let run = try command.run(in: folder)
            benchmark.measurement(resident, run.peakResidentKilobytes)
        } setup: {
            try Folder.shared()
        }
    }
}

/// The folder, made once per benchmark process.
enum Folder {
    private static let made = Mutex<String?>(nil)
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func shared() throws -> String {
        try made.withLock { made in
            if let made { return made }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("binary-plists").path
            try? FileManager.default.removeItem(atPath: folder)
            try MeasuredRun.run(
                "/usr/bin/env",
                ["python3", repository.appendingPathComponent("scripts/plist-corpus").path, "folder", folder, "500"])
            made = folder
            return folder
        }
    }
}

/// One process to time.
enum Command: Sendable {
    case prefs([String])
    case python([String])
    case peer([String])
    /// The editor's first frame, in the peer linked as prefs is (prefs-bench-editor).
    case editor([String])

    func run(in folder: String) throws -> MeasuredRun {
        var environment = ProcessInfo.processInfo.environment
        // The journal of prefs' reads goes with the folder, not the user's state.
        environment["XDG_STATE_HOME"] = folder + "-state"
        switch self {
        case .prefs(let arguments):
            return try MeasuredRun.run(
                try BenchmarkTools.path("PREFS_BENCH_PREFS"), ["--config-dir", folder] + arguments,
                environment: environment)
        case .python(let arguments):
            let script = Folder.repository.appendingPathComponent("scripts/plist-corpus").path
            return try MeasuredRun.run("/usr/bin/env", ["python3", script] + arguments + [folder])
        case .peer(let arguments):
            return try MeasuredRun.run(
                try BenchmarkTools.path("PREFS_BENCH_PEER"), arguments + [folder], environment: environment)
        case .editor(let arguments):
            return try MeasuredRun.run(
                try BenchmarkTools.path("PREFS_BENCH_EDITOR"), arguments + [folder], environment: environment)
        }
    }
}
