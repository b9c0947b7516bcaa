import Foundation
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import Testing

/// A key the schema declares renamed (`formerly`), stored under its old name by a plain UserDefaults program: the
/// editor shows both rows as "to migrate", and a write of the key moves the value.
@Suite(.threadOfItsOwn) struct EditorMigrationTests {
    static let manifest = """
        {"format": "prefs-schema", "version": 1, "suite": "legacy", "keys": [
          {"id": "retries", "type": "Int", "kind": "int", "storage": "int", "optional": false, "debug": false,
           "default": 3, "formerly": ["retryCount"]},
          {"id": "token", "type": "String", "kind": "string", "storage": "string", "optional": false, "debug": false,
           "default": "", "secret": true, "formerly": ["apiKey"]}
        ]}
        """

    @Test func aValueStoredUnderAnOldNameShowsAsToMigrateAndAWriteMovesIt() throws {
        let fixture = try EditorFixture(width: 110, height: 14, suite: "legacy")
        try fixture.catalog.install(Data(Self.manifest.utf8))
        // Version 1 of the app, a plain Foundation program, knew the keys by their old names.
        let path = fixture.store.directory.appendingPathComponent("legacy").path
        #expect(try ChildProcess.run("prefs-test-helper", ["ud-write-int", path, "retryCount", "7"]).status == 0)
        #expect(try ChildProcess.run("prefs-test-helper", ["ud-write", path, "apiKey", "old-S3CRET"]).status == 0)
        // The editor's store sees another program's writes through its watch, which a loaded machine may run later
        // than this thread gets here.
        let legacy = try fixture.store.suite("legacy")
        #expect(eventually { legacy.primitiveValue(forKey: "apiKey") != nil })

        var screen = fixture.type(.control("l")).text
        let rows = screen.split(separator: "\n").map(String.init)
        let retries = try #require(rows.first { $0.contains("retries") })
        #expect(retries.contains("to migrate") && retries.contains("7"), "it reads its former name: \(retries)")
        let old = try #require(rows.first { $0.contains("retryCount") })
        #expect(old.hasPrefix(">") && old.contains("to migrate"), "\(old)")
        // The secret's old name is masked as the secret itself is.
        #expect(rows.contains { $0.contains("apiKey") && $0.contains("••••") })
        #expect(!screen.contains("old-S3CRET"))
        #expect(screen.contains("to migrate: stored under its former"), "the details say why: \(screen)")

        // A write of the key moves the value: the old name goes in the same write.
        fixture.editor.step([.key(.enter), .control("u"), .key(.end), .control("u")] + type("9"))
        screen = fixture.type(.key(.enter)).text
        let suite = try fixture.store.suite("legacy")
        #expect(suite.primitiveValue(forKey: "retries") == .int(9))
        #expect(suite.primitiveValue(forKey: "retryCount") == nil)
        #expect(!screen.contains("retryCount"))
        #expect(
            try ChildProcess.run("prefs-test-helper", ["ud-read", path, "retryCount"]).standardOutput == "<absent>\n")
    }
}
