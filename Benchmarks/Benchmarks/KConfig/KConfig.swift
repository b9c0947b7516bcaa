import Benchmark
import BenchmarkSupport
import Foundation

// `prefs` on KDE's settings (issue 45), one process per command as users run it, beside KDE's own `kreadconfig5`
// doing the same, all in one run over one configuration folder of 200 KConfig files (Fixture). Benchmarks/run builds
// `prefs` and the peers as they ship (PREFS_BENCH_PREFS, PREFS_BENCH_EDITOR).
let benchmarks: @Sendable () -> Void = {
    let resident = BenchmarkMetric.custom("peak resident (KB)", polarity: .prefersSmaller, useScalingFactor: false)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, resident], timeUnits: .microseconds, warmupIterations: 3, maxDuration: .seconds(20),
        maxIterations: 101)

    for (label, command) in [
        (
            "prefs --store kconfig read dolphinrc General/ShowFullPath",
            Command.prefs(["--store", "kconfig", "read", "dolphinrc", "General/ShowFullPath"])
        ),
        (
            "kreadconfig5 --file dolphinrc --group General --key ShowFullPath",
            Command.kreadconfig(["--file", "dolphinrc", "--group", "General", "--key", "ShowFullPath"])
        ),
        ("prefs --version (the start of prefs, no store)", Command.prefs(["--version"])),
    ] {
        Benchmark("Read one key: \(label)", configuration: configuration) { benchmark, fixture in
            let run = try command.run(in: fixture)
            benchmark.measurement(resident, run.peakResidentKilobytes)
        } setup: {
            try Fixture.shared()
        }
    }

    for (label, command) in [
        ("PrefsTUI editor, a process (open, list 200 files, draw)", Command.editor(["kconfig-first-frame"])),
        (
            "kreadconfig5 of one key (the least a KDE tool does)",
            Command.kreadconfig(["--file", "dolphinrc", "--group", "General", "--key", "ShowFullPath"])
        ),
    ] {
        Benchmark("First frame over a 200-file ~/.config: \(label)", configuration: configuration) {
            benchmark, fixture in
            let run = try command.run(in: fixture)
            benchmark.measurement(resident, run.peakResidentKilobytes)
        } setup: {
            try Fixture.shared()
        }
    }
}

/// A home of the benchmark's own, made once per benchmark process and removed with Benchmarks/run's TMPDIR.
///
/// Its `.config` holds 200 KConfig files, like a Plasma user's: 199 of 6 groups of 8 keys each, and `dolphinrc`,
/// whose key is read; its data folder 150 `.kcfg` schemas, one of them dolphinrc's.
final class Fixture: Sendable {
    let home: URL
    var config: URL { home.appendingPathComponent(".config", isDirectory: true) }

    private static let made = Fixture.make()

    static func shared() throws -> Fixture {
        try made.get()
    }

    private init(home: URL) {
        self.home = home
    }

    private static func make() -> Result<Fixture, any Error> {
        Result {
            let home = FileManager.default.temporaryDirectory.appendingPathComponent(
                "kconfig-bench-\(UUID().uuidString)")
            let fixture = Fixture(home: home)
            try FileManager.default.createDirectory(at: fixture.config, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                at: home.appendingPathComponent("system"), withIntermediateDirectories: true)
            for index in 0..<199 {
                var text = "# written by app \(index)\n"
                for group in 0..<6 {
                    text += "\n[Group \(group)]\n"
                    for key in 0..<8 { text += "Key\(key)=value \(index).\(group).\(key)\n" }
                }
                let name = String(format: "app%03drc", index)
                try Data(text.utf8).write(to: fixture.config.appendingPathComponent(name))
            }
            let dolphin = "[General]\nShowFullPath=true\nBrowseThroughArchives=true\n\n[DetailsMode]\nPreviewSize=32\n"
            try Data(dolphin.utf8).write(to: fixture.config.appendingPathComponent("dolphinrc"))
            // KConfigXT schemas, as a Plasma machine installs about 150 (8 KiB each here); one types dolphinrc.
            let schemas = home.appendingPathComponent("data-dirs/config.kcfg", isDirectory: true)
            try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
            for index in 0..<150 {
                let suite = index == 0 ? "dolphinrc" : String(format: "app%03drc", index)
                var text = """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <kcfg xmlns="http://www.kde.org/standards/kcfg/1.0">
                    <kcfgfile name="\(suite)"/>
                    <group name="General">
                    <entry name="ShowFullPath" type="Bool"><label>Show the full path</label><default>false</default></entry>

                    """
                for entry in 0..<40 {
                    text +=
                        "<entry name=\"Entry\(entry)\" type=\"Int\"><label>Label \(entry)</label><whatsthis>What "
                        + "this entry does, in a sentence or two.</whatsthis><default>\(entry)</default><min>0</min>"
                        + "<max>100</max></entry>\n"
                }
                text += "</group>\n</kcfg>\n"
                try Data(text.utf8).write(to: schemas.appendingPathComponent(String(format: "app%03d.kcfg", index)))
            }
            return fixture
        }
    }

    /// Both tools see this home alone: its `.config`, no system copies, its 150 `.kcfg` schemas, no session bus.
    var environment: [String: String] {
        [
            "HOME": home.path, "XDG_CONFIG_HOME": config.path,
            "XDG_CONFIG_DIRS": home.appendingPathComponent("system").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_DATA_DIRS": home.appendingPathComponent("data-dirs").path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path, "LANG": "C.UTF-8",
            "PATH": "/usr/bin:/bin",
        ]
    }
}

/// One process to time.
enum Command: Sendable {
    case prefs([String])
    case kreadconfig([String])
    /// The editor's first frame, in the peer linked as prefs is (prefs-bench-editor).
    case editor([String])

    func run(in fixture: Fixture) throws -> MeasuredRun {
        switch self {
        case .prefs(let arguments):
            try MeasuredRun.run(
                try BenchmarkTools.path("PREFS_BENCH_PREFS"), arguments, environment: fixture.environment)
        case .kreadconfig(let arguments):
            try MeasuredRun.run("/usr/bin/kreadconfig5", arguments, environment: fixture.environment)
        case .editor(let arguments):
            try MeasuredRun.run(
                try BenchmarkTools.path("PREFS_BENCH_EDITOR"), arguments + [fixture.config.path],
                environment: fixture.environment)
        }
    }
}
