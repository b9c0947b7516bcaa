import Benchmark
import BenchmarkSupport
import Foundation
import Synchronization

// `prefs` on XFCE's settings (issue 46), one process per command as users run it, beside Xfconf's own `xfconf-query`
// doing the same, all in one run and in a D-Bus session of the benchmark's own, where the bus starts xfconfd.
// Benchmarks/run builds `prefs` as it ships (PREFS_BENCH_PREFS).
let benchmarks: @Sendable () -> Void = {
    let resident = BenchmarkMetric.custom("peak resident (KB)", polarity: .prefersSmaller, useScalingFactor: false)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, resident], timeUnits: .microseconds, warmupIterations: 3, maxDuration: .seconds(20),
        maxIterations: 101)

    for (label, command) in [
        (
            "prefs --store xfconf read xfce4-panel /panels/panel-1/size",
            Command.prefs(["--store", "xfconf", "read", "xfce4-panel", "/panels/panel-1/size"])
        ),
        (
            "xfconf-query -c xfce4-panel -p /panels/panel-1/size",
            Command.query(["-c", "xfce4-panel", "-p", "/panels/panel-1/size"])
        ),
        (
            "prefs --store xfconf write xfce4-panel /panels/panel-1/length 90",
            Command.prefs(["--store", "xfconf", "write", "xfce4-panel", "/panels/panel-1/length", "90"])
        ),
        (
            "xfconf-query -c xfce4-panel -p /panels/panel-1/length -s 90",
            Command.query(["-c", "xfce4-panel", "-p", "/panels/panel-1/length", "-s", "90"])
        ),
        ("prefs --version (the start of prefs, no store)", Command.prefs(["--version"])),
    ] {
        Benchmark("One key: \(label)", configuration: configuration) { benchmark, session in
            let run = try command.run(in: session)
            benchmark.measurement(resident, run.peakResidentKilobytes)
        } setup: {
            try Session.shared()
        }
    }
}

/// The private session, with a panel channel of 60 properties as XFCE's own panel writes it, made once per benchmark
/// process and ended when it exits.
enum Session {
    private static let made = Mutex<PrivateDBusSession?>(nil)

    static func shared() throws -> PrivateDBusSession {
        try made.withLock { made in
            if let made { return made }
            let session = try PrivateDBusSession()
            atexit { Session.made.withLock { $0?.stop() } }
            for panel in 1...6 {
                for (key, type, value) in [
                    ("size", "uint", "30"), ("length", "uint", "100"), ("position", "string", "p=6;x=0;y=0"),
                    ("icon-size", "uint", "16"), ("mode", "uint", "0"), ("autohide-behavior", "uint", "0"),
                    ("enter-opacity", "uint", "100"), ("leave-opacity", "uint", "100"), ("nrows", "uint", "1"),
                    ("position-locked", "bool", "true"),
                ] {
                    try session.run(
                        "/usr/bin/xfconf-query",
                        ["-c", "xfce4-panel", "-p", "/panels/panel-\(panel)/\(key)", "-n", "-t", type, "-s", value])
                }
            }
            made = session
            return session
        }
    }
}

/// One process to time.
enum Command: Sendable {
    case prefs([String])
    case query([String])

    func run(in session: PrivateDBusSession) throws -> MeasuredRun {
        switch self {
        case .prefs(let arguments): try session.run(try BenchmarkTools.path("PREFS_BENCH_PREFS"), arguments)
        case .query(let arguments): try session.run("/usr/bin/xfconf-query", arguments)
        }
    }
}
