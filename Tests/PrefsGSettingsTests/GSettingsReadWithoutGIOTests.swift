import Foundation
import PrefsTestHelpers
import Testing

/// A command that only reads GNOME's settings reads dconf's databases and the compiled schemas itself, and never
/// loads GIO (issue 46: loading GIO alone took longer than the whole of `gsettings get`): a process of its own, so
/// that the dynamic loader can say what it loaded.
@Suite(.needs(.gsettings, .dconf, .dbusDaemon), .threadOfItsOwn) struct GSettingsReadWithoutGIOTests {
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
        // A write goes to dconf's service without GIO too, and the next read sees what gsettings sees.
        let write = try prefs("write", "org.prefs.layers", "free", "false")
        #expect(write.status == 0)
        #expect(!write.loadedGIO)
        #expect(try session.get("org.prefs.layers", "free") == "false")
        let read = try prefs("read", "org.prefs.layers", "free")
        #expect(read.output == "false\n")
        #expect(!read.loadedGIO)
        // A value given as GVariant text is GLib's to parse: that write loads GIO, which proves the check can fail.
        let text = try prefs("write", "org.prefs.test", "position", "(5, 6)")
        #expect(text.status == 0)
        #expect(text.loadedGIO)
        #expect(try session.get("org.prefs.test", "position") == "(5, 6)")
    }

    /// Writes made without GIO (issue 46: `prefs write` → `prefs watch` faster than `gsettings set` → `monitor`) are
    /// stored as `gsettings set` stores them, refused as GIO refuses them, and journaled only when stored.
    @Test func aWriteWithoutGIOIsStoredAsGSettingsStoresIt() throws {
        let session = try GSettingsSession()
        let loader = session.environment.merging(["LD_DEBUG": "files"]) { $1 }
        let schema = "org.gnome.desktop.interface"
        let writes: [(key: String, value: String, shown: String)] = [
            ("gtk-theme", "HighContrast", "'HighContrast'"), ("text-scaling-factor", "1.5", "1.5"),
            ("cursor-size", "48", "48"), ("clock-format", "12h", "'12h'"), ("enable-animations", "false", "false"),
        ]
        for write in writes {
            let result = try session.cli.run(
                ["--store", "gsettings", "write", schema, write.key, write.value], extraEnvironment: loader)
            #expect(result.status == 0, "\(write.key): \(result.error)")
            #expect(!result.error.contains("libgio-2.0"), "\(write.key) loaded GIO")
            #expect(try session.get(schema, write.key) == write.shown)
        }
        // A reset, and a key set to its default, which GSettings stores as the user's value all the same.
        #expect(try session.prefs("delete", schema, "gtk-theme").status == 0)
        #expect(try session.get(schema, "gtk-theme") == "'Adwaita'")
        #expect(try session.dconf("read", "/org/gnome/desktop/interface/gtk-theme").standardOutput.isEmpty)
        // Refusals word what GIO words: a value outside the range, a choice not offered, a locked key.
        let range = try session.prefs("write", schema, "text-scaling-factor", "100")
        #expect(range.status == 1)
        #expect(range.error == "prefs: invalid value for \"text-scaling-factor\": 100.0 is out of range 0.5...3.0\n")
        let locked = try session.prefs("write", "org.prefs.layers", "pinned", "8")
        #expect(locked.status != 0)
        #expect(locked.error.contains("locked"), "\(locked.error)")
        #expect(try session.get("org.prefs.layers", "pinned") == "7")
        // A bus that cannot be reached fails the write in one line, and nothing is stored or journaled.
        let history = try session.prefs("log", schema).output
        let unreachable = try session.cli.run(
            ["--store", "gsettings", "write", schema, "gtk-theme", "Lost"],
            extraEnvironment: session.environment.merging(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"]) {
                $1
            })
        #expect(unreachable.status == 1)
        #expect(
            unreachable.error
                == "prefs: the write to \"\(schema)\" was not stored: cannot connect to the session bus: /nonexistent: "
                + "No such file or directory\n", "\(unreachable.error)")
        #expect(try session.get(schema, "gtk-theme") == "'Adwaita'")
        #expect(try session.prefs("log", schema).output == history)
        // Through GIO (GVariant text, which GLib parses), the same bus fails the write too, though dconf says so only
        // in GLib's log; the change is journaled as begun but never as made.
        let testHistory = try session.prefs("log", "org.prefs.test").output
        let throughGIO = try session.cli.run(
            ["--store", "gsettings", "write", "org.prefs.test", "position", "(7, 8)"],
            extraEnvironment: session.environment.merging(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"]) {
                $1
            })
        #expect(throughGIO.status == 1)
        #expect(
            throughGIO.error.hasSuffix(
                "prefs: the write to \"org.prefs.test\" was not stored: position does not hold what was written: "
                    + "cannot connect to the session bus: /nonexistent: No such file or directory\n"),
            "\(throughGIO.error)")
        #expect(try session.get("org.prefs.test", "position") != "(7, 8)")
        #expect(try session.prefs("log", "org.prefs.test").output == testHistory)
        // A bus of a transport only GLib speaks, down: the bus is named, not dconf's service.
        let overTCP = try session.cli.run(
            ["--store", "gsettings", "write", "org.prefs.test", "position", "(7, 8)"],
            extraEnvironment: session.environment.merging([
                "DBUS_SESSION_BUS_ADDRESS": "tcp:host=127.0.0.1,port=1"
            ]) { $1 })
        #expect(overTCP.status == 1)
        #expect(
            overTCP.error.hasSuffix(
                #"position does not hold what was written: the session bus at "tcp:host=127.0.0.1,port=1" did not "#
                    + "carry it to dconf's service (a transport prefs reaches only through GLib, whose own message "
                    + "says why)\n"), "\(overTCP.error)")
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
            // The watcher's match rules reach the bus asynchronously, and a change made before its monitor of the
            // bus began has no caller it heard: write until one change arrives named.
            var attempt = 0
            let named = { (line: String) in line.contains("gtk-theme = t\(index)-") && line.contains("(gsettings pid ")
            }
            while !watch.output.contains(where: named), attempt < 100 {
                attempt += 1
                #expect(try session.gsettings("set", schema, "gtk-theme", "t\(index)-\(attempt)").status == 0)
                _ = watch.waitForLine(timeout: .milliseconds(200), where: named)
            }
            #expect(
                watch.output.contains { $0.contains("\(schema) gtk-theme = t\(index)-\(attempt) (gsettings pid ") },
                "\(watch.output)")
        }
        // dconf's signal reaches a suite read from files twice (GSettings, and the store's own listener): each change
        // is told once.
        for value in ["once", "after"] {
            #expect(try session.gsettings("set", schema, "gtk-theme", value).status == 0)
        }
        for watch in watches {
            #expect(watch.waitForLine { $0.contains("gtk-theme = after (gsettings pid ") })
            #expect(watch.output.filter { $0.contains("gtk-theme = once (gsettings pid ") }.count == 1)
        }
    }
}
