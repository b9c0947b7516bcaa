import Benchmark
import BenchmarkSupport
import Foundation
import Synchronization

// Flatpak apps' own settings (issue 61), one process per command as users run it, beside GLib's own `gsettings` run
// as `flatpak run --command=gsettings` runs it inside the sandbox (the keyfile backend, the app's configuration folder,
// the app's schemas), on the same keyfile, in one run. Benchmarks/run builds `prefs` and the editor's peer as they ship
// (PREFS_BENCH_PREFS, PREFS_BENCH_EDITOR).
let benchmarks: @Sendable () -> Void = {
    let resident = BenchmarkMetric.custom("peak resident (KB)", polarity: .prefersSmaller, useScalingFactor: false)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, resident], timeUnits: .microseconds, warmupIterations: 3, maxDuration: .seconds(20),
        maxIterations: 101)

    let app = Machine.app(1)
    for (label, command) in [
        (
            "prefs --store flatpak read \(app)/\(app) font-size",
            Command.prefs(["--store", "flatpak", "read", "\(app)/\(app)", "font-size"])
        ),
        (
            "gsettings get \(app) font-size, as the app (keyfile backend)",
            Command.gsettings(app, ["get", app, "font-size"])
        ),
    ] {
        Benchmark("Read one key of a Flatpak app: \(label)", configuration: configuration) { benchmark, machine in
            let run = try command.run(on: machine)
            benchmark.measurement(resident, run.peakResidentKilobytes)
        } setup: {
            try Machine.shared()
        }
    }

    // The machine view over 30 installed apps (each three schemas, a keyfile of its own), beside what one app's
    // settings cost gsettings to list inside its sandbox.
    for (label, command) in [
        (
            "prefs alone, the machine view over 30 Flatpak apps, a process (open, list every app's suites, draw)",
            Command.editor(["machine-first-frame"])
        ),
        ("gsettings list-recursively, as one app (keyfile backend)", Command.gsettings(app, ["list-recursively"])),
    ] {
        Benchmark("First frame over 30 Flatpak apps: \(label)", configuration: configuration) { benchmark, machine in
            let run = try command.run(on: machine)
            benchmark.measurement(resident, run.peakResidentKilobytes)
        } setup: {
            try Machine.shared()
        }
    }
}

/// A home with 30 apps in flatpak's layout, made once per benchmark process: each app's deployment (`current`,
/// `active`, `metadata`, a desktop file, three compiled schemas) and its keyfile, written by `gsettings` as the app.
final class Machine: Sendable {
    let home: URL
    let environment: [String: String]
    private static let made = Mutex<Machine?>(nil)

    static func app(_ number: Int) -> String { "org.example.App\(number)" }

    static func shared() throws -> Machine {
        try made.withLock { made in
            if let made { return made }
            let machine = try Machine()
            made = machine
            return machine
        }
    }

    private init() throws {
        home = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("flatpak-bench-\(UUID().uuidString)")
        let data = home.appendingPathComponent(".local/share")
        // No GNOME schemas, no system installation: the view holds prefs' own suites and the apps.
        environment = [
            "HOME": home.path, "XDG_DATA_HOME": data.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_STATE_HOME": home.appendingPathComponent(".local/state").path,
            "XDG_DATA_DIRS": home.appendingPathComponent("none").path,
            "XDG_CONFIG_DIRS": home.appendingPathComponent("none").path,
            "FLATPAK_SYSTEM_DIR": home.appendingPathComponent("system-flatpak").path, "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8",
        ]
        for number in 1...30 { try install(Self.app(number), in: data.appendingPathComponent("flatpak")) }
    }

    /// The folder of an app's compiled schemas.
    func schemas(_ id: String) -> URL {
        home.appendingPathComponent(".local/share/flatpak/app/\(id)/current/active/files/share/glib-2.0/schemas")
    }

    private func install(_ id: String, in installation: URL) throws {
        let manager = FileManager.default
        let commit = String(repeating: "ab", count: 32)
        let deployment = installation.appendingPathComponent("app/\(id)/x86_64/stable/\(commit)")
        let schemas = deployment.appendingPathComponent("files/share/glib-2.0/schemas")
        let applications = deployment.appendingPathComponent("export/share/applications")
        for folder in [schemas, applications] {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try manager.createSymbolicLink(
            atPath: installation.appendingPathComponent("app/\(id)/current").path, withDestinationPath: "x86_64/stable")
        try manager.createSymbolicLink(
            atPath: installation.appendingPathComponent("app/\(id)/x86_64/stable/active").path,
            withDestinationPath: commit)
        try Data("[Application]\nname=\(id)\nruntime=org.gnome.Platform/x86_64/47\ncommand=app\n".utf8)
            .write(to: deployment.appendingPathComponent("metadata"))
        try Data("[Desktop Entry]\nType=Application\nName=App \(id.suffix(2))\nExec=app\n".utf8)
            .write(to: applications.appendingPathComponent("\(id).desktop"))
        let path = "/" + id.replacingOccurrences(of: ".", with: "/") + "/"
        let xml = """
            <schemalist>
              <schema id="\(id)" path="\(path)">
                <key name="font-size" type="i"><range min="6" max="72"/><default>12</default>
                  <summary>Font size</summary></key>
                <key name="theme" type="s"><default>'light'</default></key>
                <key name="recent" type="as"><default>[]</default></key>
                <key name="window" type="(ii)"><default>(800, 600)</default></key>
              </schema>
              <schema id="\(id).Editor" path="\(path)editor/">
                <key name="tab-width" type="i"><default>4</default></key>
                <key name="wrap" type="b"><default>true</default></key>
              </schema>
              <schema id="\(id).Sync" path="\(path)sync/">
                <key name="enabled" type="b"><default>false</default></key>
                <key name="server" type="s"><default>''</default></key>
              </schema>
            </schemalist>
            """
        try Data(xml.utf8).write(to: schemas.appendingPathComponent("\(id).gschema.xml"))
        try MeasuredRun.run("/usr/bin/glib-compile-schemas", [schemas.path], environment: environment)
        try manager.createDirectory(
            at: home.appendingPathComponent(".var/app/\(id)/config"), withIntermediateDirectories: true)
        for (schema, key, value) in [
            (id, "font-size", "14"), (id, "theme", "'dark'"), ("\(id).Editor", "tab-width", "8"),
        ] {
            try Command.gsettings(id, ["set", schema, key, value]).run(on: self)
        }
    }
}

/// One process to time.
enum Command: Sendable {
    case prefs([String])
    /// GLib's `gsettings` inside an app's sandbox, as `flatpak run --command=gsettings APPID` runs it.
    case gsettings(String, [String])
    /// The editor's first frame, in the peer linked as prefs is (prefs-bench-editor).
    case editor([String])

    @discardableResult
    func run(on machine: Machine) throws -> MeasuredRun {
        switch self {
        case .prefs(let arguments):
            try MeasuredRun.run(
                try BenchmarkTools.path("PREFS_BENCH_PREFS"), arguments, environment: machine.environment)
        case .gsettings(let app, let arguments):
            try MeasuredRun.run(
                "/usr/bin/gsettings", arguments,
                environment: machine.environment.merging([
                    "GSETTINGS_BACKEND": "keyfile", "GSETTINGS_SCHEMA_DIR": machine.schemas(app).path,
                    "XDG_CONFIG_HOME": machine.home.appendingPathComponent(".var/app/\(app)/config").path,
                ]) { $1 })
        case .editor(let arguments):
            try MeasuredRun.run(
                try BenchmarkTools.path("PREFS_BENCH_EDITOR"), arguments, environment: machine.environment)
        }
    }
}
