import Benchmark
import BenchmarkSupport
import Foundation
import Synchronization

// `prefs` on GNOME's settings (issue 27), one process per command as users run it, beside GLib's own `gsettings`
// doing the same, all in one run and in a D-Bus session of the benchmark's own. Benchmarks/run builds `prefs` and the
// peers as they ship (PREFS_BENCH_PREFS, PREFS_BENCH_EDITOR). The write → watch latency is `Benchmarks/cli-latency
// --gsettings`, which times both tools' watchers with ../shared/tools/notify_latency.py.
let benchmarks: @Sendable () -> Void = {
    let resident = BenchmarkMetric.custom("peak resident (KB)", polarity: .prefersSmaller, useScalingFactor: false)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, resident], timeUnits: .microseconds, warmupIterations: 3, maxDuration: .seconds(20),
        maxIterations: 101)

    // One key a user set, so that both read the user database rather than the schema's default.
    let read = ["org.gnome.desktop.interface", "clock-format"]
    for (label, command) in [
        (
            "prefs --store gsettings read \(read.joined(separator: " "))",
            Command.prefs(["--store", "gsettings", "read"] + read)
        ),
        ("gsettings get \(read.joined(separator: " "))", Command.gsettings(["get"] + read)),
        (
            "prefs --store gsettings read /org/nu/custom/ count (a dconf path no schema describes)",
            Command.prefs(["--store", "gsettings", "read", "/org/nu/custom/", "count"])
        ),
        ("dconf read /org/nu/custom/count", Command.dconf(["read", "/org/nu/custom/count"])),
        ("prefs --version (the start of prefs, no store)", Command.prefs(["--version"])),
        ("gsettings --version (the start of gsettings)", Command.gsettings(["--version"])),
    ] {
        Benchmark("Read one key: \(label)", configuration: configuration) { benchmark, session in
            let run = try command.run(in: session)
            benchmark.measurement(resident, run.peakResidentKilobytes)
        } setup: {
            try Session.shared()
        }
    }

    // A write of one key until the dconf service has stored it, a new value each time (a write of the value a key
    // holds is left out by prefs): prefs sends it without GIO, gsettings through GIO.
    let written = Atomic<Int>(0)
    let write = ["org.gnome.desktop.interface", "gtk-theme"]
    for (label, tool) in [
        ("prefs --store gsettings write \(write.joined(separator: " ")) VALUE", "prefs"),
        ("gsettings set \(write.joined(separator: " ")) VALUE", "gsettings"),
    ] {
        Benchmark("Write one key: \(label)", configuration: configuration) { benchmark, session in
            let value = "theme-\(written.add(1, ordering: .relaxed).newValue)"
            let command =
                tool == "prefs"
                ? Command.prefs(["--store", "gsettings", "write"] + write + [value])
                : Command.gsettings(["set"] + write + [value])
            let run = try command.run(in: session)
            benchmark.measurement(resident, run.peakResidentKilobytes)
        } setup: {
            try Session.shared()
        }
    }

    // The editor's first frame lists every installed schema, every known relocatable instance and every dconf path
    // (Session holds 40); gsettings reads every key of every schema.
    for (label, command) in [
        (
            "PrefsTUI editor, a process (open, list every schema, instance and dconf path, draw)",
            Command.editor(["gsettings-first-frame"])
        ),
        ("gsettings list-recursively (every key of every schema)", Command.gsettings(["list-recursively"])),
    ] {
        Benchmark("First frame over every installed schema: \(label)", configuration: configuration) {
            benchmark, session in
            let run = try command.run(in: session)
            benchmark.measurement(resident, run.peakResidentKilobytes)
        } setup: {
            try Session.shared()
        }
    }

    // `prefs` alone on a desktop (issue 60): every store at once, GNOME's first (all installed schemas and the 40
    // dconf paths), beside 40 KConfig files, 10 Xfconf channels and 200 plist suites in the same session.
    for (label, command) in [
        (
            "prefs alone, the machine view, a process (open every store, list every suite, draw)",
            Command.editor(["machine-first-frame"])
        ),
        ("gsettings list-recursively (every key of every schema)", Command.gsettings(["list-recursively"])),
    ] {
        Benchmark("First frame over every store of a desktop: \(label)", configuration: configuration) {
            benchmark, session in
            let run = try command.run(in: session)
            benchmark.measurement(resident, run.peakResidentKilobytes)
        } setup: {
            try Session.shared()
        }
    }
}

/// The private session, with `clock-format` set by `gsettings`, made once per benchmark process and ended when it
/// exits: the bus runs apart from the process, and a static is never released.
enum Session {
    private static let made = Mutex<PrivateDBusSession?>(nil)

    static func shared() throws -> PrivateDBusSession {
        try made.withLock { made in
            if let made { return made }
            let session = try PrivateDBusSession(desktop: "GNOME")
            atexit { Session.made.withLock { $0?.stop() } }
            try session.run("/usr/bin/gsettings", ["set", "org.gnome.desktop.interface", "clock-format", "12h"])
            // dconf paths no schema describes, as programs without schemas leave them, and app folders.
            for directory in 1...40 {
                try session.run("/usr/bin/dconf", ["write", "/org/nu/app\(directory)/count", "\(directory)"])
            }
            try session.run("/usr/bin/dconf", ["write", "/org/nu/custom/count", "1"])
            try session.run(
                "/usr/bin/gsettings",
                ["set", "org.gnome.desktop.app-folders", "folder-children", "['Utilities', 'Games']"])
            try Desktop.fill(session)
            made = session
            return session
        }
    }
}

/// One process to time.
enum Command: Sendable {
    case prefs([String])
    case gsettings([String])
    /// The editor's first frame, in the peer linked as prefs is (prefs-bench-editor).
    case editor([String])
    case dconf([String])

    func run(in session: PrivateDBusSession) throws -> MeasuredRun {
        switch self {
        case .prefs(let arguments): try session.run(try BenchmarkTools.path("PREFS_BENCH_PREFS"), arguments)
        case .gsettings(let arguments): try session.run("/usr/bin/gsettings", arguments)
        case .editor(let arguments): try session.run(try BenchmarkTools.path("PREFS_BENCH_EDITOR"), arguments)
        case .dconf(let arguments): try session.run("/usr/bin/dconf", arguments)
        }
    }
}
