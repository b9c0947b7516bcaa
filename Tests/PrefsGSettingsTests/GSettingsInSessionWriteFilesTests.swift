import Foundation
import PrefsCore
import PrefsDBus
import PrefsTestHelpers
import Synchronization
import Testing

@testable import PrefsGSettings

extension GSettingsInSession {
    /// A write planned from the files and sent to dconf's service on a bus connection of its own, several keys in one
    /// changeset: what `gsettings` then reads, and what the plan leaves to GIO.
    @Suite struct WriteFilesTests {
        @Test func severalKeysInOneChangeAreStoredAsGSettingsStoresThem() throws {
            try GSettingsChild.reset("/")
            let session = try GSettingsChildSession()
            let schema = "org.gnome.desktop.interface"
            try session.gsettings("set", schema, "clock-format", "12h")
            try session.gsettings("set", schema, "cursor-size", "32")
            let files = try #require(GSettingsFiles())
            let compiled = try #require(files.schemas.schema(schema))
            let suite = SchemaFiles(schema: compiled, path: try #require(compiled.path), files: files)
            let changes: [String: PropertyListValue?] = [
                "gtk-theme": .string("HighContrast"), "text-scaling-factor": .double(1.25), "clock-format": nil,
                // Already held: left out, as GIO's plan leaves it out.
                "cursor-size": .int(32),
            ]
            let planned = try #require(try suite.plan(changes, suite: schema))
            #expect(planned.map(\.key) == ["clock-format", "gtk-theme", "text-scaling-factor"])
            #expect(planned.first?.old == .string("12h"))
            let writer = try #require(files.writerPath())
            #expect(writer == "/ca/desrt/dconf/Writer/user")
            let connection = try SessionBusConnection(environment: files.environment)
            let changeset = suite.changeset(planned)
            try connection.call(
                destination: "ca.desrt.dconf", path: writer, interface: "ca.desrt.dconf.Writer", member: "Change",
                signature: "ay"
            ) { $0.byteArray(changeset) }
            #expect(try session.get(schema, "gtk-theme") == "'HighContrast'")
            #expect(try session.get(schema, "text-scaling-factor") == "1.25")
            #expect(try session.get(schema, "clock-format") == "'24h'")
            #expect(try session.get(schema, "cursor-size") == "32")
        }

        @Test func thePlanRefusesAsGIORefusesAndLeavesToGIOWhatItCannotTell() throws {
            try GSettingsChild.reset("/")
            let files = try #require(GSettingsFiles())
            func suite(_ id: String) throws -> SchemaFiles {
                let compiled = try #require(files.schemas.schema(id))
                return SchemaFiles(schema: compiled, path: try #require(compiled.path), files: files)
            }
            let interface = try suite("org.gnome.desktop.interface")
            #expect(throws: GSettingsStoreError.unknownKey(suite: "s", key: "gtk-them")) {
                try interface.plan(["gtk-them": .string("x")], suite: "s")
            }
            #expect(throws: GSettingsStoreError.notWritable(suite: "s", key: "pinned")) {
                try suite("org.prefs.layers").plan(["pinned": .int(8)], suite: "s")
            }
            // GIO words these: a value out of range, a choice not offered, text for a number, a width overflowed.
            for change: [String: PropertyListValue?] in [
                ["text-scaling-factor": .double(100)], ["clock-format": .string("13h")],
                ["cursor-size": .string("48")], ["cursor-size": .int(Int(Int32.max) + 1)],
            ] {
                #expect(try interface.plan(change, suite: "s") == nil, "\(change)")
            }
        }

        /// dconf's signal heard without GIO: the paths of a write by another program, and of a directory reset, reach
        /// the listener, and name the keys of the suites they touch.
        @Test(.timeLimit(.minutes(5))) func dconfsSignalIsHeardWithoutGIOAndNamesTheKeysItTouches() throws {
            try GSettingsChild.reset("/")
            let files = try #require(GSettingsFiles())
            let heard = Mutex<[[String]]>([])
            let listener = try DconfNotifyListener.start(
                environment: files.environment, writerPath: try #require(files.writerPath())
            ) { paths, _ in heard.withLock { $0.append(paths) } }
            defer { listener.stop() }
            // The listener's match rule reaches the bus asynchronously: write until a change is heard.
            var attempt = 0
            while heard.withLock(\.isEmpty), attempt < 100 {
                attempt += 1
                try GSettingsChild.gsettings("set", "org.gnome.desktop.interface", "gtk-theme", "t\(attempt)")
                _ = eventually(timeout: .milliseconds(100)) { !heard.withLock(\.isEmpty) }
            }
            #expect(heard.withLock { $0.last } == ["/org/gnome/desktop/interface/gtk-theme"])
            try GSettingsChild.dconf("reset", "-f", "/org/gnome/desktop/")
            #expect(eventually { heard.withLock { $0.last } == ["/org/gnome/desktop/"] })

            let compiled = try #require(files.schemas.schema("org.gnome.desktop.interface"))
            let suite = SchemaFiles(schema: compiled, path: try #require(compiled.path), files: files)
            #expect(suite.keys(touchedBy: ["/org/gnome/desktop/interface/gtk-theme"]) == ["gtk-theme"])
            #expect(suite.keys(touchedBy: ["/org/gnome/desktop/"]) == suite.keyNames.sorted())
            // Another schema's key, a key deeper down, a name the schema lacks, and a sibling directory touch none.
            #expect(
                suite.keys(touchedBy: [
                    "/org/gnome/desktop/wm/preferences/theme", "/org/gnome/desktop/interface/x/gtk-theme",
                    "/org/gnome/desktop/interface/gtk-them", "/org/gnome/desktop/interface2/",
                ]).isEmpty)
        }
    }
}
