import Foundation
import PrefsCore
import PrefsGSettings
import PrefsTestHelpers
import PrefsTestSupport
import Testing

extension GSettingsInSession {
    /// Schemas compiled while a program runs: GLib reads its schemas once per process, so the store watches the
    /// compiled files and reads them again itself.
    @Suite struct SchemaWatchTests {
        /// A schema `org.prefs.live` with the keys given, as an app's package would install it.
        private static func manifest(keys: [String]) -> String {
            let entries = keys.map { "<key name=\"\($0)\" type=\"i\"><default>7</default></key>" }
            return """
                <schemalist><schema id="org.prefs.live" path="/prefs-live/">\(entries.joined())</schema></schemalist>
                """
        }

        /// Compiles schemas into the user's own folder with GLib's `glib-compile-schemas`, as installing for one
        /// user does; no keys at all removes the compiled file.
        private static func install(keys: [String]?) throws {
            let environment = ProcessInfo.processInfo.environment
            let data = environment["XDG_DATA_HOME"] ?? NSHomeDirectory() + "/.local/share"
            let folder = URL(fileURLWithPath: data).appendingPathComponent("glib-2.0/schemas")
            guard let keys else {
                try FileManager.default.removeItem(at: folder.appendingPathComponent("gschemas.compiled"))
                return
            }
            let source = try TemporaryDirectory()
            try Data(manifest(keys: keys).utf8).write(
                to: source.url.appendingPathComponent("org.prefs.live.gschema.xml"))
            let result = try ChildProcess.run(
                "/usr/bin/glib-compile-schemas", ["--strict", "--targetdir", folder.path, source.url.path])
            #expect(result.status == 0, "\(result.standardError)")
        }

        @Test(.timeLimit(.minutes(5))) func schemasInstalledChangedAndRemovedMeanwhileAreSeenAtOnce() async throws {
            try GSettingsChild.reset("/prefs-live/")
            let store = GSettingsStore(journalDirectory: try TemporaryDirectory().url)
            let schemas = store.schemaSource
            #expect(try !schemas.schemaSuites().contains("org.prefs.live"))
            let (changes, continuation) = AsyncStream.makeStream(of: Set<String>.self)
            let watch = try #require(
                try schemas.watchSchemas(
                    creatingFolder: true, onChange: { continuation.yield($0) },
                    onProblem: { Issue.record("the schema watch stopped: \($0)") }))
            defer { watch.cancel() }
            var told = changes.makeAsyncIterator()

            try Self.install(keys: ["first"])
            #expect(await told.next()?.contains("org.prefs.live") == true)
            #expect(try schemas.schemaSuites().contains("org.prefs.live"))
            try store.suite("org.prefs.live").setPrimitiveValue(.int(3), forKey: "first")
            // GLib's own tool, a process of its own, agrees on the schema and the value.
            #expect(try GSettingsChild.gsettings("get", "org.prefs.live", "first") == "3")

            // A key added by a new version of the app: the suite opened before is read again with it.
            try Self.install(keys: ["first", "second"])
            #expect(await told.next()?.contains("org.prefs.live") == true)
            let changed = try schemas.schema(for: "org.prefs.live")
            #expect(changed?.entries.map(\.id) == ["first", "second"])
            #expect(changed?["second"]?.defaultValue == .int(7))
            try store.suite("org.prefs.live").setPrimitiveValue(.int(4), forKey: "second")
            #expect(try GSettingsChild.gsettings("get", "org.prefs.live", "second") == "4")
            #expect(try store.suite("org.prefs.live").primitiveValue(forKey: "first") == .int(3))

            try Self.install(keys: nil)
            #expect(await told.next()?.contains("org.prefs.live") == true)
            #expect(try !schemas.schemaSuites().contains("org.prefs.live"))
            #expect(throws: GSettingsStoreError.self) { try store.suite("org.prefs.live") }
        }
    }
}

extension GSettingsInSession {
    /// `prefs record --format native` on GNOME's settings: the script is `gsettings` commands, replayed by GLib's own
    /// tool with no `prefs` at all.
    @Suite struct NativeRecordTests {
        @Test(.timeLimit(.minutes(5))) func aNativeRecordingReplaysWithGSettingsItself() throws {
            let session = try GSettingsChildSession()
            let script = session.home.url.appendingPathComponent("native.sh")
            // --all: position is a volatile key's name, which a recording leaves out unless asked.
            let recorder = session.watch(
                "record", "org.prefs.test", "--all", "--format", "native", "-o", script.path)
            #expect(eventually(timeout: .seconds(60)) { recorder.error.contains("recording 1 suite(s)") })
            try session.prefs("write", "org.prefs.test", "volume", "30")
            try session.gsettings("set", "org.prefs.test", "clock-format", "'12h'")
            try session.gsettings("set", "org.prefs.test", "position", "(5, 6)")
            // Stopped, the recorder still takes in the changes on their way through dconf.
            recorder.kill()
            #expect(eventually(timeout: .seconds(60)) { recorder.hasEnded })
            let text = try String(contentsOf: script, encoding: .utf8)
            #expect(text.contains("'gsettings' 'set' 'org.prefs.test' 'volume' '30'"), "\(text)")
            #expect(text.contains("'gsettings' 'set' 'org.prefs.test' 'clock-format' "), "\(text)")
            #expect(text.contains("# Written for gsettings;"), "\(text)")
            #expect(!text.split(separator: "\n").contains { $0.hasPrefix("prefs ") }, "\(text)")

            try GSettingsChild.reset("/")
            #expect(try session.get("org.prefs.test", "volume") == "50")
            let replay = try ChildProcess.run("/bin/sh", [script.path])
            #expect(replay.status == 0, "\(replay.standardError)")
            #expect(try session.get("org.prefs.test", "volume") == "30")
            #expect(try session.get("org.prefs.test", "clock-format") == "'12h'")
            #expect(try session.get("org.prefs.test", "position") == "(5, 6)")
        }
    }
}
