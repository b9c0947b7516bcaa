import Foundation
import PrefsTestHelpers
import Testing

/// `prefs export`, `import` and `diff --against`.
@Suite(.threadOfItsOwn) struct ImportExportCommandTests {
    @Test func aPropertyListExportImportsBackWithEveryType() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "app", "when", "2026-05-01T12:00:00Z", "-t", "date")
        try cli.run("write", "app", "blob", "AAH/", "-t", "data")
        try cli.run("write", "app", "list", #"[1, {"a": true}]"#, "-t", "json")
        let exported = cli.home.url.appendingPathComponent("app.plist")
        #expect(try cli.run("export", "app", "--output", exported.path).status == 0)
        #expect(try cli.run("import", "copy", exported.path).status == 0)
        #expect(try cli.run("read", "copy").lines == cli.run("read", "app").lines)
        #expect(try cli.run("diff", "copy", "--against", exported.path).lines == [])
    }

    @Test func importMergesOrReplaces() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "app", "kept", "1")
        try cli.run("write", "app", "changed", "old")
        let file = cli.home.url.appendingPathComponent("in.json")
        try Data(#"{"changed": "new", "added": 2}"#.utf8).write(to: file)
        try cli.run("import", "app", file.path)
        #expect(try cli.run("read", "app").lines == ["added = 2", "changed = new", "kept = 1"])
        try cli.run("import", "app", file.path, "--replace")
        #expect(try cli.run("read", "app").lines == ["added = 2", "changed = new"])
        #expect(
            try cli.run("diff", "app", "--against", file.path).lines == [])
        try cli.run("write", "app", "extra", "x")
        #expect(try cli.run("diff", "app", "--against", file.path).lines == ["+ extra = x"])
    }

    @Test func anImportWithOneBadValueWritesNothing() throws {
        let cli = try InProcessPrefs()
        let manifest = cli.home.url.appendingPathComponent("app.json")
        try Data(SchemaCommandTests.manifest.utf8).write(to: manifest)
        try cli.run("schema", "install", manifest.path)
        try cli.run("write", "app", "theme", "dark")
        let before = try Data(contentsOf: cli.suiteFile("app"))
        let file = cli.home.url.appendingPathComponent("in.json")
        try Data(#"{"fontScale": 2.0, "theme": "purple"}"#.utf8).write(to: file)
        let result = try cli.run("import", "app", file.path)
        #expect(result.status == 1)
        #expect(result.error.contains(#""purple" is not one of"#))
        #expect(try Data(contentsOf: cli.suiteFile("app")) == before)
        // With the schema, a JSON string becomes the date the key declares.
        try Data(#"{"since": "2026-01-02T03:04:05Z"}"#.utf8).write(to: file)
        #expect(try cli.run("import", "app", file.path).status == 0)
        let plist =
            try PropertyListSerialization.propertyList(
                from: Data(contentsOf: cli.suiteFile("app")), format: nil) as? [String: Any]
        #expect(plist?["since"] is Date)
    }

    @Test func aFileThatIsNeitherAPropertyListNorJSONIsRefused() throws {
        let cli = try InProcessPrefs()
        let file = cli.home.url.appendingPathComponent("junk")
        try Data("just words".utf8).write(to: file)
        let result = try cli.run("import", "app", file.path)
        #expect(result.status == 1)
        #expect(result.error.contains("is neither a property list nor JSON"))
        #expect(!FileManager.default.fileExists(atPath: cli.suiteFile("app").path))
    }
}
