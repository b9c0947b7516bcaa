import Foundation
import PrefsCore
import PrefsTestHelpers
import Testing

@testable import PrefsFlatpak

/// Writes to an app's keyfile as GLib's keyfile backend makes them, read back by `gsettings` run as the app: only the
/// values written change, the schema refuses what GSettings refuses, and a file GLib stops reading is not touched.
@Suite(.needs(.gsettings)) struct FlatpakSettingsWritingTests {
    typealias App = FlatpakSettingsTests.App
    static let id = FlatpakSettingsTests.id

    func write(_ app: App, _ changes: [String: PropertyListValue?]) throws {
        let settings = try FlatpakSettings(app: app.app, environment: app.fixture.environment)
        let edited = try settings.edited(changes, ofSchema: Self.id, suite: "\(Self.id)/\(Self.id)")
        try settings.replace(with: edited, environment: app.fixture.environment)
    }

    @Test func whatPrefsWritesTheAppReadsAndTheRestIsKept() throws {
        let app = try App()
        try write(
            app,
            [
                "font-size": .int(20), "title": .string("My \"notes\""), "tags": .array([.string("a"), .string("b")]),
                "clock": .string("12h"), "scale": .double(1.25), "spell-check": .bool(false),
            ])
        #expect(try app.gsettings("get", Self.id, "font-size") == "20")
        #expect(try app.gsettings("get", Self.id, "title") == "'My \"notes\"'")
        #expect(try app.gsettings("get", Self.id, "tags") == "['a', 'b']")
        #expect(try app.gsettings("get", Self.id, "clock") == "'12h'")
        #expect(try app.gsettings("get", Self.id, "scale") == "1.25")
        #expect(try app.gsettings("get", Self.id, "spell-check") == "false")
        // Made as GLib makes it: the owner's alone.
        let mode = try FileManager.default.attributesOfItem(atPath: app.keyfile.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // A file the app wrote, with a comment and another schema's group: only the value written changes.
        try app.gsettings("set", Self.id, "window", "(1024, 768)")
        var text = try String(contentsOf: app.keyfile, encoding: .utf8)
        text = "# mine\n" + text + "\n[org/example/Other]\nx=1\n"
        try Data(text.utf8).write(to: app.keyfile)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: app.keyfile.path)
        try write(app, ["font-size": .int(21), "title": nil])
        let after = try String(contentsOf: app.keyfile, encoding: .utf8)
        let expected = text.replacingOccurrences(of: "font-size=20\n", with: "font-size=21\n")
            .replacingOccurrences(of: "title='My \"notes\"'\n", with: "")
        #expect(after == expected)
        #expect(try app.gsettings("get", Self.id, "font-size") == "21")
        #expect(try app.gsettings("get", Self.id, "title") == "'Notes'")
        #expect(try app.gsettings("get", Self.id, "window") == "(1024, 768)")
        let kept = try FileManager.default.attributesOfItem(atPath: app.keyfile.path)[.posixPermissions] as? Int
        #expect(kept == 0o644)
    }

    @Test func aNewKeyfileIsTheOneGLibWrites() throws {
        let ours = try App()
        try write(ours, ["font-size": .int(14)])
        try write(ours, ["clock": .string("12h")])
        let glibs = try App()
        try glibs.gsettings("set", Self.id, "font-size", "14")
        try glibs.gsettings("set", Self.id, "clock", "'12h'")
        let written = try Data(contentsOf: ours.keyfile)
        #expect(written == (try Data(contentsOf: glibs.keyfile)))
        #expect(String(decoding: written, as: UTF8.self) == "[org/example/Notes]\nfont-size=14\nclock='12h'\n")
    }

    @Test(arguments: [
        ("font-size", PropertyListValue.int(999), "is out of range 6...72"),
        ("font-size", .string("large"), "key \"font-size\""),
        ("clock", .string("noon"), "is not one of '12h', '24h'"),
        ("missing", .int(1), "has no key \"missing\""),
    ])
    func theSchemaRefusesAsGSettingsDoesAndNothingIsWritten(_ key: String, value: PropertyListValue, words: String)
        throws
    {
        let app = try App()
        try app.gsettings("set", Self.id, "font-size", "14")
        let before = try Data(contentsOf: app.keyfile)
        #expect {
            try write(app, [key: value, "scale": .double(2)])
        } throws: { error in
            "\(error)".contains(words)
        }
        #expect(try Data(contentsOf: app.keyfile) == before)
        #expect(try app.gsettings("get", Self.id, "scale") == "1.0")
    }

    @Test func aKeyfileGLibStopsReadingIsNotTouched() throws {
        let app = try App()
        try FileManager.default.createDirectory(
            at: app.keyfile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = "[org/example/Notes]\nfont-size=9\nnot a pair\n"
        try Data(text.utf8).write(to: app.keyfile)
        #expect {
            try write(app, ["font-size": .int(10)])
        } throws: { error in
            "\(error)".contains("line 3 is not a key-value pair") && "\(error)".hasSuffix("nothing was written")
        }
        #expect(try String(contentsOf: app.keyfile, encoding: .utf8) == text)
    }

    /// Bytes that are not UTF-8 cannot be kept as they are by an editor of text: such a file is not written.
    @Test func aKeyfileThatIsNotUTF8IsNotTouched() throws {
        let app = try App()
        try FileManager.default.createDirectory(
            at: app.keyfile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let bytes = Data("[org/example/Notes]\nfont-size=9\n# caf".utf8) + Data([0xE9, 0x0A])
        try bytes.write(to: app.keyfile)
        #expect(try app.gsettings("get", Self.id, "font-size") == "9")
        #expect {
            try write(app, ["font-size": .int(10)])
        } throws: { error in
            "\(error)".contains("not UTF-8") && "\(error)".hasSuffix("nothing was written")
        }
        #expect(try Data(contentsOf: app.keyfile) == bytes)
    }

    /// A keyfile past the bound prefs reads (1 MiB; GLib reads any size) is named, neither read as empty nor written.
    @Test func aHugeKeyfileIsRefusedNotRewritten() throws {
        let app = try App()
        try FileManager.default.createDirectory(
            at: app.keyfile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text =
            "[org/example/Notes]\nfont-size=9\n" + String(repeating: "# padding padding padding\n", count: 50_000)
        try Data(text.utf8).write(to: app.keyfile)
        #expect(try app.gsettings("get", Self.id, "font-size") == "9")
        #expect { try FlatpakSettings(app: app.app, environment: app.fixture.environment) } throws: { error in
            "\(error)".contains(app.keyfile.path) && "\(error)".contains("1 MiB")
        }
        let store = FlatpakStore(
            environment: app.fixture.environment, journalDirectory: app.fixture.home.url.appendingPathComponent("j"))
        #expect(throws: FlatpakSettingsError.self) {
            try store.suite("\(Self.id)/\(Self.id)").commit(["font-size": .int(10)])
        }
        #expect(try String(contentsOf: app.keyfile, encoding: .utf8) == text)
    }
}
