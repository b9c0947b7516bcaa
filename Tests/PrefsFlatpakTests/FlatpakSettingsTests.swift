import Foundation
import PrefsCore
import PrefsGLib
import PrefsTestHelpers
import Testing

@testable import PrefsFlatpak

/// An app's values read as GLib's keyfile backend gives them to the app, against `gsettings` run as the app's own
/// (`GSETTINGS_BACKEND=keyfile`, `XDG_CONFIG_HOME=~/.var/app/ID/config`, `GSETTINGS_SCHEMA_DIR` its schemas) on the
/// same keyfile.
@Suite(.needs(.gsettings)) struct FlatpakSettingsTests {
    static let id = "org.example.Notes"
    static let schema = """
        <schemalist>
          <enum id="org.example.Notes.Clock">
            <value nick="12h" value="0"/>
            <value nick="24h" value="1"/>
          </enum>
          <schema id="org.example.Notes" path="/org/example/Notes/">
            <key name="font-size" type="i"><range min="6" max="72"/><default>12</default></key>
            <key name="scale" type="d"><default>1.0</default></key>
            <key name="title" type="s"><default>'Notes'</default></key>
            <key name="tags" type="as"><default>[]</default></key>
            <key name="spell-check" type="b"><default>true</default></key>
            <key name="clock" enum="org.example.Notes.Clock">
              <aliases><alias value="twelve" target="12h"/></aliases>
              <default>'24h'</default>
            </key>
            <key name="window" type="(ii)"><default>(800, 600)</default></key>
          </schema>
          <schema id="org.example.Notes.Profile">
            <key name="color" type="s"><default>'black'</default></key>
            <key name="width" type="i"><default>1</default></key>
          </schema>
        </schemalist>
        """

    struct App {
        let fixture: FlatpakFixture
        let app: FlatpakApp

        init() throws {
            fixture = try FlatpakFixture()
            try fixture.install(FlatpakSettingsTests.id, in: fixture.user, schemas: [FlatpakSettingsTests.schema])
            app = try #require(try FlatpakInstallation.all(environment: fixture.environment).first?.apps().first)
        }

        var keyfile: URL { URL(fileURLWithPath: app.settingsFile(environment: fixture.environment).string) }

        /// `gsettings` as the app runs it, in its sandbox's view of its own settings.
        @discardableResult
        func gsettings(_ arguments: String...) throws -> String {
            let result = try ChildProcess.run(
                "/usr/bin/gsettings", arguments,
                environment: [
                    "GSETTINGS_BACKEND": "keyfile",
                    "XDG_CONFIG_HOME": fixture.home.url.appendingPathComponent(
                        ".var/app/\(FlatpakSettingsTests.id)/config"
                    )
                    .path,
                    "GSETTINGS_SCHEMA_DIR": app.schemaFolder.string, "HOME": fixture.home.url.path,
                ])
            #expect(result.status == 0, "gsettings \(arguments): \(result.standardError)")
            return result.standardOutput.trimmingCharacters(in: .newlines)
        }

        /// What the app reads for a key, as prefs reads it, or `nil` for its default.
        func read(_ key: String) throws -> PropertyListValue? {
            try FlatpakSettings(app: app, environment: fixture.environment).userValues(
                ofSchema: FlatpakSettingsTests.id)[key]
        }

        /// What `gsettings get` prints, as a value.
        func expected(_ key: String, type: String) throws -> PropertyListValue {
            VariantConversion.value(of: try Variant.parse(try gsettings("get", FlatpakSettingsTests.id, key), as: type))
        }
    }

    @Test func whatTheAppWritesIsReadAsTheAppReadsIt() throws {
        let app = try App()
        #expect(try app.read("font-size") == nil)
        let settings: [(String, String, String)] = [
            ("font-size", "i", "20"), ("scale", "d", "1.5"), ("title", "s", "'My notes'"),
            ("tags", "as", "['a', 'b c']"), ("spell-check", "b", "false"), ("clock", "s", "'12h'"),
            ("window", "(ii)", "(1024, 768)"),
        ]
        for (key, _, value) in settings { try app.gsettings("set", Self.id, key, value) }
        for (key, type, _) in settings {
            #expect(try app.read(key) == (try app.expected(key, type: type)), "\(key)")
        }
        #expect(try app.read("font-size") == .int(20))
        #expect(try app.read("tags") == .array([.string("a"), .string("b c")]))
    }

    /// Text written by hand is read as GLib reads it: a string without quotes taken as one, an alias as its choice;
    /// text that does not parse, or a value the range refuses, reads as the default for both.
    @Test func handWrittenTextIsReadAsGLibReadsIt() throws {
        let app = try App()
        try FileManager.default.createDirectory(
            at: app.keyfile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = """
            [org/example/Notes]
            font-size=999
            title=my "quoted" notes
            clock='twelve'
            tags=['a'
            scale=2
            spell-check=maybe

            [org/example/Other]
            font-size=8

            """
        try Data(text.utf8).write(to: app.keyfile)
        #expect(try app.gsettings("get", Self.id, "font-size") == "12")
        #expect(try app.read("font-size") == nil)
        #expect(try app.read("title") == (try app.expected("title", type: "s")))
        #expect(try app.read("title") == .string("my \"quoted\" notes"))
        #expect(try app.read("clock") == (try app.expected("clock", type: "s")))
        #expect(try app.read("clock") == .string("12h"))
        #expect(try app.gsettings("get", Self.id, "tags") == "@as []")
        #expect(try app.read("tags") == nil)
        #expect(try app.read("scale") == (try app.expected("scale", type: "d")))
        #expect(try app.gsettings("get", Self.id, "spell-check") == "true")
        #expect(try app.read("spell-check") == nil)
    }
}
