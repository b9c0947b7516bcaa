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
