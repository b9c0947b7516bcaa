import Foundation
import PrefsCore
import PrefsTestHelpers
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
            let writer = try #require(suite.writerPath())
            #expect(writer == "/ca/desrt/dconf/Writer/user")
            let connection = try SessionBusConnection(environment: files.environment)
            try connection.call(
                destination: "ca.desrt.dconf", path: writer, interface: "ca.desrt.dconf.Writer", member: "Change",
                bytes: suite.changeset(planned))
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
    }
}
