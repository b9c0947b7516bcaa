import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import Testing

/// The editor's `:export` and `:rename` keep the command line's rules, through the same PrefsTools functions: a
/// secret is left out of an export, and a rename is checked against the schema.
@Suite(.threadOfItsOwn) struct EditorSharedRulesTests {
    static let manifest = """
        {"format": "prefs-schema", "version": 1, "suite": "app", "keys": [
          {"id": "token", "type": "String", "kind": "string", "storage": "string", "optional": false, "debug": false,
           "default": "", "secret": true},
          {"id": "theme", "type": "String", "kind": "string", "storage": "string", "optional": false, "debug": false,
           "default": "light"},
          {"id": "size", "type": "Int", "kind": "int", "storage": "int", "optional": false, "debug": false,
           "default": 1, "range": {"min": 1, "max": 9}}
        ]}
        """

    private static func appEditor() throws -> EditorFixture {
        let fixture = try EditorFixture(width: 120, height: 14, suite: "app")
        try fixture.catalog.install(Data(Self.manifest.utf8))
        try fixture.store.suite("app").commit(["token": .string("s3cret-token"), "theme": .string("dark")])
        fixture.type(.control("l"))
        return fixture
    }

    @Test func exportLeavesSecretsOutAsPrefsExportDoes() throws {
        let fixture = try Self.appEditor()
        let file = fixture.home.url.appendingPathComponent("app-export.plist")
        fixture.editor.step([.character(":")] + type("export \(file.path)"))
        fixture.type(.key(.enter))
        #expect(
            fixture.editor.model.messages.current?.hasSuffix("; left out 1 secret key") == true, "\(fixture.screen)")
        let written = try Data(contentsOf: file)
        #expect(!String(decoding: written, as: UTF8.self).contains("s3cret-token"))
        #expect(try PropertyListDocument.decode(written) == ["theme": .string("dark")])
    }

    @Test func renameIsCheckedAgainstTheSchemaAsPrefsRenameIs() throws {
        let fixture = try Self.appEditor()
        let model = fixture.editor.model
        for _ in 0..<5 where model.selectedKey?.key != "theme" { fixture.type(.character("j")) }
        #expect(model.selectedKey?.key == "theme")
        let before = try Data(contentsOf: fixture.store.directory.appendingPathComponent("app.plist"))
        fixture.editor.step([.character(":")] + type("rename size"))
        fixture.type(.key(.enter))
        #expect(model.messages.current?.hasPrefix("not renamed: ") == true, "\(model.messages.current ?? "")")
        #expect(model.messages.current?.contains("\"size\"") == true)
        #expect(try Data(contentsOf: fixture.store.directory.appendingPathComponent("app.plist")) == before)
    }
}
