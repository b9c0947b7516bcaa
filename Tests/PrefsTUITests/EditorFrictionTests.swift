import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import PrefsTools
import Testing

/// Small frictions the editor no longer has: new suites, added keys selected, the change log's rows, vanished suites.
@Suite(.threadOfItsOwn) struct EditorFrictionTests {

    @Test func aSuiteIsCreatedFromTheEditorAndItsFirstKeySelected() throws {
        let fixture = try EditorFixture(width: 100, height: 16)
        let model = fixture.editor.model
        fixture.editor.step([.character("n")] + type("notes"))
        fixture.type(.key(.enter))
        #expect(model.modal.editing?.error == "\"notes\" already exists")
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
        #expect(model.rows.suiteRows.map(\.name) == ["com.example.app", "notes"])
        try FileManager.default.removeItem(at: fixture.store.directory.appendingPathComponent("notes.plist"))
        let notes = try fixture.store.suite("notes")
        #expect(eventually { notes.primitiveValues().isEmpty })
        fixture.editor.receive([
            PersistentKeyValueChange(
                suite: "notes", key: "greeting", oldValue: .string("hi"), newValue: nil, origin: .otherProcess)
        ])
        fixture.type()
        #expect(model.rows.suiteRows.map(\.name) == ["com.example.app"])
    }
}

/// `b` bookmarks, kept in a file across runs.
@Suite(.threadOfItsOwn) struct EditorBookmarkTests {
    @Test func bookmarksPersistAcrossRunsAndOpenAtTheirKey() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let file = fixture.home.url.appendingPathComponent("state/prefs/bookmarks.json")
        let data = EditorData(store: fixture.store, schemas: fixture.catalog, tools: fixture.tools)
        let first = Editor(
            model: EditorModel(
                data: data, suite: "com.example.app",
                bookmarks: Bookmarks(file: file, location: fixture.store.locationDescription)),
            backend: HeadlessBackend())
        first.model.start()
        first.step([.key(.end), .character("b")])
        #expect(first.model.messages.current == "bookmarked extra; B lists bookmarks")
        var attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        // The next run reads it back, for this store only.
        let again = Bookmarks(file: file, location: fixture.store.locationDescription)
        #expect(again.entries == [KeyOfSuite(suite: "com.example.app", key: "extra")])
        #expect(Bookmarks(file: file, location: "/elsewhere").entries.isEmpty)
        let second = Editor(
            model: EditorModel(
                data: EditorData(store: fixture.store, schemas: fixture.catalog, tools: fixture.tools), bookmarks: again
            ),
            backend: HeadlessBackend())
        second.model.start()
        second.step([.character("B"), .key(.enter)])
        #expect(second.model.screen == .keys(suite: "com.example.app"))
        #expect(second.model.selectedKey?.key == "extra")
        second.step([.character("b")])
        #expect(Bookmarks(file: file, location: fixture.store.locationDescription).entries.isEmpty)

        // A damaged file is said, not fatal, and is replaced at the next bookmark.
        try Data("{not json".utf8).write(to: file)
        let damaged = Bookmarks(file: file, location: fixture.store.locationDescription)
        #expect(damaged.entries.isEmpty && damaged.problem != nil)
        damaged.toggle(suite: "notes", key: "wide")
        #expect(Bookmarks(file: file, location: fixture.store.locationDescription).entries.count == 1)
        attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }
}

/// `:` names every action, with completion.
@Suite(.threadOfItsOwn) struct EditorCommandLineTests {

    @Test func tabCompletesAndEnterRuns() throws {
        let fixture = try EditorFixture(width: 100, suite: "notes")
        let model = fixture.editor.model
        fixture.editor.step([.character(":")] + type("re"))
        fixture.type(.key(.tab))
        #expect(model.modal.editing?.line.text == "re", "several commands start with re")
        #expect(fixture.screen.contains("recover redo reload rename reset reset-all"))
        fixture.editor.step(type("na"))
        fixture.type(.key(.tab))
        #expect(model.modal.editing?.line.text == "rename ")
        #expect(fixture.screen.contains("rename NEW: rename the key, keeping its value"))
        fixture.editor.step(type("salutation"))
        fixture.type(.key(.enter))
        let suite = try fixture.store.suite("notes")
        #expect(suite.primitiveValue(forKey: "salutation") == .string("hi\u{1B}[31m there\u{7}"))
        #expect(suite.primitiveValue(forKey: "greeting") == nil)
        #expect(model.selectedKey?.key == "salutation")
        fixture.type(.character("u"))
        #expect(suite.primitiveValue(forKey: "greeting") != nil && suite.primitiveValue(forKey: "salutation") == nil)
    }

    @Test func exportWritesANewFileAndNeverOverwrites() throws {
        let fixture = try EditorFixture(suite: "notes")
        let file = fixture.home.url.appendingPathComponent("notes-backup.plist")
        // The greeting's escape cannot go into an XML file: the export is refused, with the way out.
        fixture.editor.step([.character(":")] + type("export \(file.path)"))
        fixture.type(.key(.enter))
        #expect(fixture.editor.model.messages.current?.contains("--format binary") == true)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        try fixture.store.suite("notes").commit(["greeting": nil])
        fixture.editor.step([.character(":")] + type("export \(file.path)"))
        fixture.type(.key(.enter))
        #expect(
            fixture.screen.contains("exported 1 keys of notes") || fixture.screen.contains("exported 1 key of notes"))
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil)
        #expect((plist as? [String: Any])?["wide"] as? String == "漢字テスト")
        try Data("mine".utf8).write(to: file)
        fixture.editor.step([.character(":")] + type("export \(file.path)"))
        fixture.type(.key(.enter))
        #expect(fixture.editor.model.messages.current?.contains("exists; nothing was written") == true)
        #expect(try Data(contentsOf: file) == Data("mine".utf8))
        // A link that leads nowhere is a name taken too: it is neither followed nor replaced.
        let link = fixture.home.url.appendingPathComponent("dangling.plist")
        let target = fixture.home.url.appendingPathComponent("nowhere/elsewhere.plist")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        fixture.editor.step([.character(":")] + type("export \(link.path)"))
        fixture.type(.key(.enter))
        #expect(fixture.editor.model.messages.current?.contains("exists; nothing was written") == true)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test func unknownCommandsAreSaid() throws {
        let fixture = try EditorFixture()
        fixture.editor.step([.character(":")] + type("frobnicate"))
        fixture.type(.key(.enter))
        #expect(fixture.screen.contains(#"unknown command "frobnicate"; Tab lists them"#))
    }
}
