import Foundation
import PrefsGLib
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// GLib's key-file format as GSettings' keyfile backend (a Flatpak app's settings) reads and writes it, against GLib
/// itself: `gsettings` with `GSETTINGS_BACKEND=keyfile` on the same file, in a folder of the test's own.
@Suite(.needs(.gsettings)) struct GLibKeyfileTests {
    /// A configuration folder whose keyfile `gsettings` reads and writes, with the test schemas compiled.
    struct Backend {
        let home: TemporaryDirectory
        var file: URL { home.url.appendingPathComponent("config/glib-2.0/settings/keyfile") }

        init() throws {
            home = try TemporaryDirectory()
            let schemas = home.url.appendingPathComponent("schemas")
            try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let compiled = try ChildProcess.run(
                "/usr/bin/glib-compile-schemas",
                ["--targetdir=\(schemas.path)", GSettingsSession.schemaSources.path])
            #expect(compiled.status == 0, "\(compiled.standardError)")
        }

        /// What `gsettings` prints for a command line on this folder's keyfile, its line break dropped.
        @discardableResult
        func gsettings(_ arguments: String...) throws -> String {
            let result = try ChildProcess.run(
                "/usr/bin/gsettings", arguments,
                environment: [
                    "GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": home.url.appendingPathComponent("config").path,
                    "GSETTINGS_SCHEMA_DIR": home.url.appendingPathComponent("schemas").path, "HOME": home.url.path,
                ])
            #expect(result.status == 0, "gsettings \(arguments): \(result.standardError)")
            return result.standardOutput.trimmingCharacters(in: .newlines)
        }

        func read() throws -> GLibKeyfile { GLibKeyfile(Array(try Data(contentsOf: file))) }
        func write(_ keyfile: GLibKeyfile) throws { try Data(keyfile.bytes).write(to: file) }
        func write(_ text: String) throws { try Data(text.utf8).write(to: file) }
    }

    @Test func whatGLibWritesIsReadAsGLibReadsIt() throws {
        let backend = try Backend()
        try backend.gsettings("set", "org.prefs.test", "volume", "42")
        try backend.gsettings("set", "org.prefs.test", "tags", "['a', 'b c']")
        try backend.gsettings("set", "org.prefs.test", "nickname", "@ms 'ada'")
        let keyfile = try backend.read()
        #expect(keyfile.problem == nil)
        #expect(keyfile.groups == ["org/prefs/test"])
        #expect(keyfile.value(group: "org/prefs/test", key: "volume") == "42")
        #expect(keyfile.value(group: "org/prefs/test", key: "tags") == "['a', 'b c']")
        #expect(keyfile.value(group: "org/prefs/test", key: "nickname") == "'ada'")
        #expect(Set(keyfile.keys(in: "org/prefs/test")) == ["volume", "tags", "nickname"])
    }

    @Test func anEditChangesOnlyItsValueAndGLibReadsIt() throws {
        let backend = try Backend()
        let original = """
            # kept by hand
            [org/other]
            x=1

            # the test's keys
            [org/prefs/test]
            volume = 7
            volume=9
            tags=['a']

            """
        try backend.write(original)
        #expect(try backend.gsettings("get", "org.prefs.test", "volume") == "9")
        var keyfile = try backend.read()
        #expect(keyfile.value(group: "org/prefs/test", key: "volume") == "9")
        keyfile.set(group: "org/prefs/test", key: "volume", value: "64")
        keyfile.set(group: "org/prefs/test", key: "scale", value: "2.5")
        keyfile.set(group: "org/prefs/free", key: "system-only", value: "uint32 4")
        try backend.write(keyfile)
        #expect(try backend.gsettings("get", "org.prefs.test", "volume") == "64")
        #expect(try backend.gsettings("get", "org.prefs.test", "scale") == "2.5")
        #expect(try backend.gsettings("get", "org.prefs.test", "tags") == "['a']")
        // The value's bytes, a key at its group's end and a group at the file's; the duplicate and the comments kept.
        let expected =
            original.replacingOccurrences(of: "volume=9\ntags=['a']\n", with: "volume=64\ntags=['a']\nscale=2.5\n")
            + "\n[org/prefs/free]\nsystem-only=uint32 4\n"
        #expect(String(decoding: keyfile.bytes, as: UTF8.self) == expected)
        keyfile.remove(group: "org/prefs/test", key: "scale")
        try backend.write(keyfile)
        #expect(try backend.gsettings("get", "org.prefs.test", "scale") == "1.0")
    }

    @Test func linesEndingInCRLFKeepTheirEnds() throws {
        let backend = try Backend()
        try backend.write("[org/prefs/test]\r\nvolume=3\r\n")
        #expect(try backend.gsettings("get", "org.prefs.test", "volume") == "3")
        var keyfile = try backend.read()
        #expect(keyfile.value(group: "org/prefs/test", key: "volume") == "3")
        keyfile.set(group: "org/prefs/test", key: "volume", value: "4")
        keyfile.set(group: "org/prefs/test", key: "scale", value: "0.5")
        #expect(String(decoding: keyfile.bytes, as: UTF8.self) == "[org/prefs/test]\r\nvolume=4\r\nscale=0.5\r\n")
        try backend.write(keyfile)
        #expect(try backend.gsettings("get", "org.prefs.test", "volume") == "4")
    }

    /// GLib stops reading a file at its first line that is no group, pair or comment, and keeps what it read before;
    /// so is it read here, and `problem` names the line.
    @Test(arguments: [
        ("[org/prefs/test]\nvolume=7\nnot a pair\nscale=2.0\n", "7", "line 3"),
        ("volume=7\n[org/prefs/test]\nvolume=7\n", "50", "line 1"),
        ("[org/prefs/test]x\nvolume=7\n", "50", "line 1"),
    ])
    func glibStopsAtItsFirstBadLineAndSoDoesTheReader(_ text: String, volume: String, line: String) throws {
        let backend = try Backend()
        try backend.write(text)
        #expect(try backend.gsettings("get", "org.prefs.test", "volume") == volume)
        #expect(try backend.gsettings("get", "org.prefs.test", "scale") == "1.0")
        let keyfile = try backend.read()
        #expect(keyfile.problem?.hasPrefix(line) == true, "\(String(describing: keyfile.problem))")
        #expect((keyfile.value(group: "org/prefs/test", key: "volume") ?? "50") == volume)
        #expect(keyfile.value(group: "org/prefs/test", key: "scale") == nil)
    }
}
