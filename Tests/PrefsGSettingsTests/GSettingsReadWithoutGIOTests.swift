import Foundation
import PrefsTestHelpers
import Testing

/// A command that only reads GNOME's settings reads dconf's databases and the compiled schemas itself, and never
/// loads GIO (issue 46: loading GIO alone took longer than the whole of `gsettings get`): a process of its own, so
/// that the dynamic loader can say what it loaded.
@Suite(.threadOfItsOwn) struct GSettingsReadWithoutGIOTests {
    @Test func aReadLoadsNoGIOAndPrintsWhatGSettingsPrints() throws {
        let session = try GSettingsSession()
        let loader = session.environment.merging(["LD_DEBUG": "files"]) { $1 }
        func prefs(_ arguments: String...) throws -> (output: String, loadedGIO: Bool, status: Int32) {
            let result = try session.cli.run(["--store", "gsettings"] + arguments, extraEnvironment: loader)
            return (result.output, result.error.contains("libgio-2.0"), result.status)
        }
        #expect(try session.gsettings("set", "org.gnome.desktop.interface", "clock-format", "12h").status == 0)
        #expect(try session.gsettings("set", "org.prefs.layers", "free", "true").status == 0)
        let reads: [(arguments: [String], output: String)] = [
            (["org.gnome.desktop.interface", "clock-format"], "12h\n"),
            // Not set: the schema's default.
            (["org.gnome.desktop.interface", "gtk-theme"], "Adwaita\n"),
            (["org.prefs.layers", "free"], "true\n"),
            // Keys the session's system database sets, one of them locked.
            (["org.prefs.layers", "greeting"], "from the system\n"),
            (["org.prefs.layers", "pinned"], "7\n"),
        ]
        for read in reads {
            let result = try session.cli.run(
                ["--store", "gsettings", "read"] + read.arguments, extraEnvironment: loader)
            #expect(result.status == 0, "\(read.arguments)")
            #expect(result.output == read.output, "\(read.arguments)")
            #expect(!result.error.contains("libgio-2.0"), "\(read.arguments) loaded GIO")
        }
        // A write does load GIO, which proves the check above can fail.
        let write = try prefs("write", "org.prefs.layers", "free", "false")
        #expect(write.status == 0)
        #expect(write.loadedGIO)
        // What the next read sees is what gsettings sees.
        #expect(try session.get("org.prefs.layers", "free") == "false")
        let read = try prefs("read", "org.prefs.layers", "free")
        #expect(read.output == "false\n")
        #expect(!read.loadedGIO)
    }

    /// A watcher opens its suites before GLib's loop loads GIO, so they read files: each must still hear other
    /// programs' changes, watched alone, by key and store-wide.
    @Test(.timeLimit(.minutes(5))) func aWatchHearsSuitesOpenedOnFiles() throws {
        let session = try GSettingsSession()
        let schema = "org.gnome.desktop.interface"
        let watches = [
            try session.start("watch", schema), try session.start("watch", schema, "gtk-theme"),
            try session.start("watch"),
        ]
        defer { for watch in watches { watch.kill() } }
        for (index, watch) in watches.enumerated() {
            // The watcher's match rules reach the bus asynchronously: write until one change arrives.
            var attempt = 0
            while !watch.output.contains(where: { $0.contains("gtk-theme = t\(index)-") }), attempt < 100 {
                attempt += 1
                #expect(try session.gsettings("set", schema, "gtk-theme", "t\(index)-\(attempt)").status == 0)
                _ = watch.waitForLine(timeout: .milliseconds(200)) { $0.contains("gtk-theme = t\(index)-") }
            }
            #expect(
                watch.output.contains { $0.hasSuffix("\(schema) gtk-theme = t\(index)-\(attempt) (unknown writer)") },
                "\(watch.output)")
        }
    }
}
