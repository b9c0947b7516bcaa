import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import Testing

/// Small frictions the editor no longer has: new suites, added keys selected, the change log's rows, vanished suites.
@Suite struct EditorFrictionTests {
    private func type(_ text: String) -> [InputEvent] {
        text.map { .character($0) }
    }

    @Test func aSuiteIsCreatedFromTheEditorAndItsFirstKeySelected() throws {
        let fixture = try EditorFixture(width: 100, height: 16)
        let model = fixture.editor.model
        fixture.editor.step([.character("n")] + type("notes"))
        fixture.type(.key(.enter))
        #expect(model.editing?.error == "\"notes\" already exists")
        fixture.type(.control("u"))
        fixture.editor.step(type("fresh.suite"))
        fixture.type(.key(.enter))
        #expect(model.screen == .keys(suite: "fresh.suite"))
        #expect(fixture.screen.contains("new suite fresh.suite: a adds its first key, which creates it"))
        // Two keys, the second sorting before the first: each is selected once written.
        for name in ["zeta", "alpha"] {
            fixture.editor.step([.character("a")] + type(name) + [.key(.enter), .key(.enter)] + type("v"))
            fixture.type(.key(.enter))
            #expect(model.selectedKey?.key == name)
        }
        #expect(
            try fixture.store.suite("fresh.suite").primitiveValues() == ["zeta": .string("v"), "alpha": .string("v")])
    }

    @Test func aChangeLogRowOpensItsKey() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let model = fixture.editor.model
        fixture.editor.receive([
            PersistentKeyValueChange(
                suite: "com.example.app", key: "extra", oldValue: .int(1), newValue: .int(2), origin: .otherProcess)
        ])
        fixture.type(.character("w"))
        #expect(model.screen == .changeLog)
        fixture.type(.key(.enter))
        #expect(model.screen == .keys(suite: "com.example.app"))
        #expect(model.selectedKey?.key == "extra")
    }

    @Test func aDeletedSuiteLeavesTheListAtOnce() throws {
        let fixture = try EditorFixture()
        let model = fixture.editor.model
        #expect(model.suiteRows.map(\.name) == ["com.example.app", "notes"])
        try FileManager.default.removeItem(at: fixture.store.directory.appendingPathComponent("notes.plist"))
        let notes = try fixture.store.suite("notes")
        #expect(eventually { notes.primitiveValues().isEmpty })
        fixture.editor.receive([
            PersistentKeyValueChange(
                suite: "notes", key: "greeting", oldValue: .string("hi"), newValue: nil, origin: .otherProcess)
        ])
        fixture.type()
        #expect(model.suiteRows.map(\.name) == ["com.example.app"])
    }
}
