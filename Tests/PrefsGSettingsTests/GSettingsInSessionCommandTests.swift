import Foundation
import PrefsTestHelpers
import Testing

extension GSettingsInSession {
    /// The rest of `prefs`'s commands on GNOME's settings: history, documentation and transfer, run in-process in the
    /// child's private session.
    @Suite struct CommandTests {
        @Test func suitesAndFindKnowTheSchemas() throws {
            let session = try GSettingsChildSession()
            let suites = try session.prefs("suites").lines
            #expect(suites.contains("org.gnome.desktop.interface"))
            #expect(suites.contains("org.prefs.test"))
            let found = try session.prefs("find", "clock-format").output
            #expect(found.contains("org.gnome.desktop.interface clock-format ="))
        }

        @Test(.timeLimit(.minutes(5))) func watchSeesGSettingsAndPrefsWritesWithTheirWriters() throws {
            let session = try GSettingsChildSession()
            let watch = session.watch("watch", "org.prefs.test")
            defer { watch.kill() }
            // The watcher starts, and its match rules and its monitor of the bus reach the bus, asynchronously (in
            // this process GIO may deliver a change before the watch's monitor runs): write until one change arrives
            // named by the process that called dconf.
            var attempt = 0
            let named = { (line: String) in line.contains("volume =") && line.contains("(gsettings pid ") }
            while !watch.output.contains(where: named), attempt < 100 {
                attempt += 1
                try session.gsettings("set", "org.prefs.test", "volume", "\(attempt)")
                _ = watch.waitForLine(timeout: .milliseconds(200), where: named)
            }
            #expect(
                watch.output.contains { $0.contains("org.prefs.test volume = \(attempt) (gsettings pid ") },
                "\(watch.output)")
            let write = try session.prefs("write", "org.prefs.test", "clock-format", "12h")
            #expect(write.status == 0)
            #expect(watch.waitForLine { $0.contains("org.prefs.test clock-format = 12h (\(InProcessPrefs.writer())") })
        }

        @Test(.timeLimit(.minutes(5))) func watchOneKeyPrintsItAloneAndAResetAsTheDefaultInForce() throws {
            let session = try GSettingsChildSession()
            // A key no schema declares could never change: refused, as gsettings monitor refuses it.
            let unknown = session.watch("watch", "org.prefs.test", "volum")
            #expect(eventually { unknown.hasEnded })
            #expect(unknown.error.contains("this suite holds only the keys its schema declares"), "\(unknown.error)")
            #expect(unknown.error.contains("did you mean \"volume\"?"))
            let watch = session.watch("watch", "org.prefs.test", "volume")
            defer { watch.kill() }
            var attempt = 0
            while !watch.output.contains(where: { $0.contains("volume =") }), attempt < 100 {
                attempt += 1
                try session.gsettings("set", "org.prefs.test", "name", "n\(attempt)")
                try session.gsettings("set", "org.prefs.test", "volume", "\(attempt)")
                _ = watch.waitForLine(timeout: .milliseconds(200)) { $0.contains("volume =") }
            }
            try session.gsettings("reset", "org.prefs.test", "volume")
            #expect(watch.waitForLine { $0.contains("org.prefs.test volume reset to its default 50 (gsettings pid ") })
            // The other key's changes, made before each of the watched key's, were never printed.
            #expect(!watch.output.contains { $0.contains(" name ") }, "\(watch.output)")
        }

        @Test func undeclaredKeysAreRefusedWithoutForceAdviceAndTypesNameTheirGVariant() throws {
            let session = try GSettingsChildSession()
            for arguments in [
                ["write", "org.prefs.test", "volum", "3"], ["write", "--force", "org.prefs.test", "volum", "3"],
            ] {
                let refused = session.runner(arguments)
                #expect(refused.status == 1)
                #expect(
                    refused.error
                        == "prefs: key \"volum\" is not in the schema of suite \"org.prefs.test\"; this suite holds only "
                        + "the keys its schema declares; did you mean \"volume\"?\n", "\(refused.error)")
            }
            #expect(try session.prefs("read-type", "org.prefs.test", "volume").output == "int (GVariant i)\n")
            let position = try session.prefs("read-type", "org.prefs.test", "position").output
            #expect(position == "string (GVariant (ii))\n", "\(position)")
            #expect(try session.prefs("read-type", "org.prefs.test", "clock-format").output == "string (GVariant s)\n")
        }

        @Test func logUndoAndRedoWorkOnGSettings() throws {
            let session = try GSettingsChildSession()
            try session.prefs("write", "org.prefs.test", "volume", "30")
            try session.prefs("write", "org.prefs.test", "clock-format", "12h")
            let log = try session.prefs("log", "org.prefs.test").lines
            #expect(log.count == 2)
            // The writer is the command that made the change, in the process that ran it: this one.
            let writer = "by \(InProcessPrefs.writer())"
            #expect(log.last?.contains("clock-format: (unset) -> 12h  \(writer)") == true, "\(log)")
            #expect(try session.prefs("undo", "org.prefs.test").status == 0)
            #expect(try session.get("org.prefs.test", "clock-format") == "'24h'")
            #expect(try session.get("org.prefs.test", "volume") == "30")
            #expect(try session.prefs("redo", "org.prefs.test").status == 0)
            #expect(try session.get("org.prefs.test", "clock-format") == "'12h'")
        }

        @Test func describeRangeDiffAndTheJSONSchemaComeFromTheGSettingsSchema() throws {
            let session = try GSettingsChildSession()
            let describe = try session.prefs("describe", "org.prefs.test", "volume").output
            #expect(describe.contains("Volume"))
            #expect(describe.contains("How loud, in percent."))
            #expect(describe.contains("range int 0 100"))
            #expect(try session.prefs("range", "org.prefs.test", "clock-format").lines == ["enum", "12h", "24h"])
            try session.gsettings("set", "org.prefs.test", "volume", "10")
            #expect(try session.prefs("diff", "org.prefs.test").lines == ["~ volume = 10  (default: 50)"])
            let json = try session.prefs("schema", "show", "--format", "json-schema", "org.prefs.test").output
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let properties = try #require(object["properties"] as? [String: [String: Any]])
            #expect(properties["clock-format"]?["enum"] as? [String] == ["12h", "24h"])
            #expect(properties["volume"]?["maximum"] as? Int == 100)
            let install = try session.prefs("schema", "install", "/dev/null")
            #expect(install.status != 0)
        }

        @Test func exportImportDumpAndLoadRoundTrip() throws {
            let session = try GSettingsChildSession()
            let file = session.home.url.appendingPathComponent("interface.plist").path
            let dump = session.home.url.appendingPathComponent("all.json").path
            try session.prefs("write", "org.prefs.test", "volume", "30")
            try session.gsettings("set", "org.prefs.test", "position", "(5, 6)")
            #expect(try session.prefs("export", "org.prefs.test", "-o", file).status == 0)
            #expect(try session.prefs("dump", "-o", dump).status == 0)
            try session.prefs("delete", "org.prefs.test", "--all", "--force")
            #expect(try session.prefs("import", "org.prefs.test", file).status == 0)
            #expect(try session.get("org.prefs.test", "volume") == "30")
            #expect(try session.get("org.prefs.test", "position") == "(5, 6)")
            try session.prefs("delete", "org.prefs.test", "--all", "--force")
            #expect(try session.prefs("load", dump).status == 0)
            #expect(try session.get("org.prefs.test", "position") == "(5, 6)")
        }
    }
}
