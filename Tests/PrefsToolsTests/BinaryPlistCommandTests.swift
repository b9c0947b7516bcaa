import Foundation
import PrefsKit
import PrefsTestHelpers
import Testing

/// `prefs` on binary suites: they stay binary, `--format` converts a suite, a value XML cannot hold is refused with the
/// way out, and export, import and describe know the format.
@Suite(.threadOfItsOwn) struct BinaryPlistCommandTests {
    static func isBinary(_ url: URL) throws -> Bool {
        try Data(contentsOf: url).starts(with: Data("bplist00".utf8))
    }

    @Test func aBinarySuiteStaysBinaryAndFormatConvertsOne() throws {
        let cli = try InProcessPrefs()
        try FileManager.default.createDirectory(at: cli.configDirectory, withIntermediateDirectories: true)
        let when = Date(timeIntervalSinceReferenceDate: 700_000_000.125)
        try PropertyListSerialization.data(
            fromPropertyList: ["when": when, "bell": "ring\u{7}"] as [String: Any], format: .binary, options: 0
        ).write(to: cli.suiteFile("mac"))
        #expect(try cli.run("write", "mac", "n", "1", "--type", "int").status == 0)
        #expect(try Self.isBinary(cli.suiteFile("mac")))
        #expect(
            try FoundationReading.values(at: cli.suiteFile("mac")) == [
                "when": .date(when), "bell": .string("ring\u{7}"), "n": .int(1),
            ])
        // A fraction of a second is kept in a binary suite, and refused in an XML one.
        #expect(try cli.run("write", "mac", "at", "2026-11-24T12:48:50.804Z", "--type", "date").status == 0)
        #expect(try cli.run("read", "mac", "at").output == "2026-11-24T12:48:50.804Z\n")
        #expect(try cli.run("write", "plain", "k", "v").status == 0)
        let refused = try cli.run("write", "plain", "at", "2026-11-24T12:48:50.804Z", "--type", "date")
        #expect(refused.status != 0 && refused.error.contains("has a precision the suite cannot keep"))
        // The way out: the suite becomes binary, its other values kept.
        let converted = try cli.run(
            "write", "plain", "at", "2026-11-24T12:48:50.804Z", "--type", "date", "--format", "binary")
        #expect(converted.status == 0, "\(converted.error)")
        #expect(try Self.isBinary(cli.suiteFile("plain")))
        #expect(try cli.run("read", "plain", "k").output == "v\n")
        // Back to XML is refused while a value XML cannot hold is there; nothing changes.
        let before = try Data(contentsOf: cli.suiteFile("mac"))
        let back = try cli.run("write", "mac", "n", "2", "--type", "int", "--format", "xml")
        #expect(back.status != 0)
        #expect(back.error.contains("which an XML property list cannot hold") && back.error.contains("--format binary"))
        #expect(back.error.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: cli.suiteFile("mac")) == before)
        let unknown = try cli.run("write", "mac", "n", "2", "--format", "yaml")
        #expect(unknown.status != 0 && unknown.error.contains("unknown format \"yaml\""))
    }

    @Test func describeSaysTheFormatAndExportAndImportHandleBinary() throws {
        let cli = try InProcessPrefs()
        let manifest = cli.home.url.appendingPathComponent("app.json")
        try Data(
            #"""
            {"format": "prefs-schema", "version": 1, "suite": "app", "keys": [{"id": "theme", "type": "String",
             "kind": "string", "storage": "string", "optional": false, "debug": false, "default": "light"}]}
            """#.utf8
        ).write(to: manifest)
        #expect(try cli.run("schema", "install", manifest.path).status == 0)
        #expect(try cli.run("write", "app", "theme", "dark").status == 0)
        #expect(try cli.run("describe", "app", "theme").lines.last == "file: XML property list")
        #expect(try cli.run("write", "app", "theme", "dim", "--format", "binary").status == 0)
        #expect(try cli.run("describe", "app", "theme").lines.last == "file: binary property list")
        #expect(try cli.run("describe", "app", "theme", "--json").output.contains(#""format" : "binary""#))
        // Export as binary, and import it into another suite.
        let exported = cli.home.url.appendingPathComponent("app.binary.plist")
        #expect(try cli.run("export", "app", "--format", "binary", "-o", exported.path).status == 0)
        #expect(try Self.isBinary(exported))
        #expect(try FoundationReading.values(at: exported) == ["theme": .string("dim")])
        #expect(try cli.run("import", "copy", exported.path).status == 0)
        #expect(try cli.run("read", "copy", "theme").output == "dim\n")
    }

    @Test func anXMLExportOfAValueXMLCannotHoldIsRefused() throws {
        let cli = try InProcessPrefs()
        try FileManager.default.createDirectory(at: cli.configDirectory, withIntermediateDirectories: true)
        try PropertyListSerialization.data(
            fromPropertyList: ["bell": "ring\u{7}"] as [String: Any], format: .binary, options: 0
        ).write(to: cli.suiteFile("mac"))
        let file = cli.home.url.appendingPathComponent("mac.xml")
        let refused = try cli.run("export", "mac", "-o", file.path)
        #expect(refused.status != 0)
        #expect(refused.error.contains(#"key "bell" holds a string holding U+0007"#))
        #expect(refused.error.contains("--format binary"))
        #expect(!FileManager.default.fileExists(atPath: file.path))
        // An import refuses control characters in any suite, as a write does; the suite is untouched.
        #expect(try cli.run("write", "plain", "k", "v").status == 0)
        let binary = cli.home.url.appendingPathComponent("mac.bin")
        #expect(try cli.run("export", "mac", "--format", "binary", "-o", binary.path).status == 0)
        let before = try Data(contentsOf: cli.suiteFile("plain"))
        let imported = try cli.run("import", "plain", binary.path)
        #expect(imported.status != 0 && imported.error.contains("control character"), "\(imported.error)")
        #expect(try Data(contentsOf: cli.suiteFile("plain")) == before)
    }
}
