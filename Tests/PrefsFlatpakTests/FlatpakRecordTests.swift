import Foundation
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// `prefs --store flatpak record --format native`: the script is `flatpak run --command=gsettings APPID …` lines, which
/// replay as the app's own `gsettings` (what `flatpak run --command=gsettings` starts in the sandbox) replays them.
@Suite(.needs(.gsettings)) struct FlatpakRecordTests {
    @Test func aNativeRecordingIsTheSandboxesGSettings() throws {
        let app = try FlatpakSettingsTests.App()
        let id = FlatpakSettingsTests.id
        try FileManager.default.createDirectory(
            at: app.fixture.home.url.appendingPathComponent(".var/app/\(id)"), withIntermediateDirectories: true)
        let environment = app.fixture.environment.merging([
            "XDG_STATE_HOME": app.fixture.home.url.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": app.fixture.home.url.appendingPathComponent("config").path,
        ]) { $1 }
        let script = app.fixture.home.url.appendingPathComponent("native.sh")
        let recorder = try RunningChild(
            "prefs", ["--store", "flatpak", "record", "--all", "--format", "native", "-o", script.path],
            environment: environment, readingErrors: true)
        #expect(recorder.waitForLine { $0.hasPrefix("recording every suite") })
        let write = try ChildProcess.run(
            try ChildProcess.executable(named: "prefs").path,
            ["--store", "flatpak", "write", "\(id)/\(id)", "font-size", "30"], environment: environment)
        #expect(write.status == 0, "\(write.standardError)")
        try app.gsettings("set", id, "window", "(5, 6)")
        #expect(eventually { (try? app.read("window")) != nil })
        kill(recorder.pid, SIGTERM)
        #expect(recorder.wait() == 0)
        let text = try String(contentsOf: script, encoding: .utf8)
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("'flatpak'") }
        #expect(
            lines == [
                "'flatpak' 'run' '--command=gsettings' '\(id)' 'set' '\(id)' 'font-size' '30'",
                "'flatpak' 'run' '--command=gsettings' '\(id)' 'set' '\(id)' 'window' '(5, 6)'",
            ], "\(text)")
        #expect(text.contains("# Written for flatpak;"), "\(text)")

        // Replayed as `flatpak run --command=gsettings APPID` runs the rest of the line: the app's gsettings, in the
        // sandbox's view of its settings, on a keyfile reset.
        try FileManager.default.removeItem(at: app.keyfile)
        let sandbox = "'flatpak' 'run' '--command=gsettings' '\(id)' "
        for line in lines {
            let replay = try ChildProcess.run(
                "/bin/sh", ["-c", "exec /usr/bin/gsettings " + line.dropFirst(sandbox.count)],
                environment: [
                    "GSETTINGS_BACKEND": "keyfile", "HOME": app.fixture.home.url.path,
                    "XDG_CONFIG_HOME": app.fixture.home.url.appendingPathComponent(".var/app/\(id)/config").path,
                    "GSETTINGS_SCHEMA_DIR": app.app.schemaFolder.string,
                ])
            #expect(replay.status == 0, "\(line): \(replay.standardError)")
        }
        #expect(try app.gsettings("get", id, "font-size") == "30")
        #expect(try app.gsettings("get", id, "window") == "(5, 6)")
    }
}
