import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import Testing

/// The state column: where each key's value comes from; and marks, bulk reset and the changed-only filter.
@Suite(.threadOfItsOwn) struct EditorStateTests {
    private func state(_ key: String, _ fixture: EditorFixture) throws -> KeyProvenance {
        let model = fixture.editor.model
        let row = try #require(model.rows.keyRows.row(for: key))
        return model.provenance(of: row, inSuite: "com.example.app")
    }

    @Test func eachKeySaysWhereItsValueComesFrom() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        // The fixture wrote theme through PrefsKit, journaled; fontScale is an int where a double is declared.
        guard case .process(let name, let pid) = try state("theme", fixture) else {
            Issue.record("theme: \(try state("theme", fixture))")
            return
        }
        #expect(pid == ProcessInfo.processInfo.processIdentifier)
        #expect(name == ProcessInfo.processInfo.processName)
        guard case .problem(let reason) = try state("fontScale", fixture) else {
            Issue.record("fontScale: \(try state("fontScale", fixture))")
            return
        }
        #expect(reason.hasPrefix("stored value \"7\""))
        #expect(try state("showsTips", fixture) == .atDefault)

        fixture.type(.character("j"), .character("j"), .character(" "))
        #expect(try state("showsTips", fixture) == .session)

        // A program outside PrefsKit rewrites the file, journaling nothing.
        let plist = try PropertyListSerialization.data(
            fromPropertyList: ["theme": "dark", "fontScale": 7, "extra": 5, "showsTips": false], format: .xml,
            options: 0)
        try plist.write(to: fixture.store.directory.appendingPathComponent("com.example.app.plist"))
        let watched = try fixture.store.suite("com.example.app")
        #expect(eventually { watched.primitiveValue(forKey: "extra") == .int(5) })
        fixture.type(.control("l"))
        #expect(try state("extra", fixture) == .outside)
        #expect(try state("showsTips", fixture) == .session, "the same value this session wrote")
        fixture.type()
        #expect(fixture.screen.contains("not recorded"))
    }

    @Test func aLaunchArgumentThatFitsIsSaidToOverride() throws {
        let fixture = try EditorFixture()
        let store = try FileStore(
            directory: fixture.store.directory, journalDirectory: fixture.store.journalDirectory,
            launchArguments: LaunchArguments(values: ["theme": "black", "fontScale": "huge"]))
        let model = EditorModel(
            data: EditorData(store: store, schemas: fixture.catalog, tools: toolContext(store, fixture.catalog)),
            suite: "com.example.app")
        model.start()
        let theme = try #require(model.rows.keyRows.row(for: "theme"))
        #expect(model.provenance(of: theme, inSuite: "com.example.app") == .launchArgument("black"))
        let scale = try #require(model.rows.keyRows.row(for: "fontScale"))
        #expect(model.provenance(of: scale, inSuite: "com.example.app").label == "invalid")
    }

    @Test func marksChooseWhichKeysRResets() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let model = fixture.editor.model
        fixture.type(.character("m"))
        #expect(model.isMarked(suite: "com.example.app", key: "theme"))
        #expect(model.selectedKey?.key == "fontScale", "m moves on")
        fixture.type(.key(.end), .character("m"), .character("R"))
        #expect(fixture.screen.contains(#"Reset the 2 marked keys of "com.example.app" to their defaults? (y/n)"#))
        fixture.type(.character("y"))
        let suite = try fixture.store.suite("com.example.app")
        #expect(suite.primitiveValue(forKey: "theme") == nil && suite.primitiveValue(forKey: "extra") == nil)
        #expect(suite.primitiveValue(forKey: "fontScale") == .int(7), "an unmarked key is left alone")
        #expect(fixture.screen.contains("reset 2 keys of com.example.app"))
        #expect(!model.isMarked(suite: "com.example.app", key: "theme"))
        // Undone as one step.
        fixture.type(.character("u"))
        #expect(
            suite.primitiveValue(forKey: "theme") == .string("dark") && suite.primitiveValue(forKey: "extra") == .int(1)
        )
    }

    @Test func cListsOnlyTheChangedKeys() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let model = fixture.editor.model
        #expect(model.rows.keyRows.count == 5)
        fixture.type(.character("c"))
        #expect(model.rows.keyRows.map(\.key) == ["theme", "fontScale", "extra"])
        fixture.type(.character("c"))
        #expect(model.rows.keyRows.count == 5)
    }

    @Test func aSuiteWithoutASchemaIsAskedToDeleteNotToReset() throws {
        let fixture = try EditorFixture(suite: "notes")
        fixture.type(.character("R"))
        #expect(fixture.screen.contains(#"Delete all 2 stored keys of "notes"? (y/n)"#), "\(fixture.screen)")
    }

    @Test func aMixedCollectionWithoutASchemaIsShownAsSuchAndSavesUnchanged() throws {
        let fixture = try EditorFixture(width: 100, suite: "notes")
        let mixed = PropertyListValue.dictionary([
            "nested": .dictionary(["x": .array([.int(1), .string("two"), .bool(true)])])
        ])
        try fixture.store.suite("notes").setPrimitiveValues(["mixed": mixed])
        fixture.type(.control("l"))
        let model = fixture.editor.model
        for _ in 0..<model.rowCount where model.selectedKey?.key != "mixed" { fixture.type(.character("j")) }
        #expect(model.selectedKey?.kind == "dictionary<dictionary<array<any>>>")
        fixture.type(.key(.enter), .key(.enter))
        #expect(model.modal.editing == nil, "\(model.modal.editing?.error ?? "")")
        #expect(try fixture.store.suite("notes").primitiveValue(forKey: "mixed") == mixed)
        // Another element of any type is taken too.
        fixture.type(.key(.enter), .key(.end))
        for _ in 0..<3 { fixture.type(.key(.left)) }
        fixture.editor.step(#","x""#.map { .character($0) })
        fixture.type(.key(.enter))
        #expect(
            try fixture.store.suite("notes").primitiveValue(forKey: "mixed")
                == .dictionary([
                    "nested": .dictionary(["x": .array([.int(1), .string("two"), .bool(true), .string("x")])])
                ]))
    }
}

/// `+` and `-` on numbers.
@Suite(.threadOfItsOwn) struct EditorSteppingTests {
    @Test func numbersStepWithinTheirRange() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let suite = try fixture.store.suite("com.example.app")
        // fontScale holds 7, an int where a double in 0.5...3.0 is declared: it reads as 1.0, and steps from there.
        fixture.type(.character("j"), .character("+"))
        #expect(suite.primitiveValue(forKey: "fontScale") == .double(1.1))
        for _ in 0..<20 { fixture.type(.character("-")) }
        #expect(suite.primitiveValue(forKey: "fontScale") == .double(0.5))
        #expect(fixture.screen.contains("fontScale is at its minimum, 0.5"))
        // Steps count in decimal: 1.25 goes to 1.35, not to 1.4000000000000001.
        try suite.commit(["fontScale": .double(1.25)])
        #expect(eventually { fixture.type().text.contains("1.25") })
        fixture.type(.character("+"))
        #expect(suite.primitiveValue(forKey: "fontScale") == .double(1.35))
        fixture.type(.character("-"), .character("-"))
        #expect(suite.primitiveValue(forKey: "fontScale") == .double(1.15))
        // extra, undeclared, holds an int.
        fixture.type(.key(.end), .character("+"), .character("+"))
        #expect(suite.primitiveValue(forKey: "extra") == .int(3))
        fixture.type(.key(.home), .character("+"))
        #expect(fixture.screen.contains("+ and - step numbers; \"theme\" is string"))
        #expect(suite.primitiveValue(forKey: "theme") == .string("dark"))
    }
}

/// Messages count and name the keys that really changed.
@Suite(.threadOfItsOwn) struct EditorMessageTests {
    @Test func aForeignProgramsChangeIsAWriteOfTheHistoryThatUUndoesFirst() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        fixture.type(.character("R"), .character("y"))
        #expect(fixture.screen.contains("reset 3 keys of com.example.app"))
        // A program outside PrefsKit sets one key; the watching store records it in the history as it sees it.
        try fixture.writeAsForeignProgram("com.example.app", ["theme": "black"])
        let suite = try fixture.store.suite("com.example.app")
        #expect(eventually { (try? suite.changeHistory?.lastChange())??.newValue == .string("black") })
        // The editor hears of it on its own: `u` typed before then would undo the reset instead.
        #expect(eventually { fixture.type().text.contains("black") }, "\(fixture.screen)")
        fixture.type(.character("u"))
        #expect(fixture.screen.contains("undone in com.example.app: theme: black -> (unset)"), "\(fixture.screen)")
        fixture.type(.character("u"))
        #expect(suite.primitiveValues() == ["theme": .string("dark"), "fontScale": .int(7), "extra": .int(1)])
    }
}

/// The message line says what the last action did, and only that.
@Suite(.threadOfItsOwn) struct EditorMessageLineTests {
    @Test func aMessageGoesWithTheNextKeyAndAConflictNamesTheNewestValue() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        fixture.type(.key(.end), .character("r"))
        #expect(fixture.editor.model.messages.current == "extra reset to its default")
        fixture.type(.character("k"))
        #expect(fixture.editor.model.messages.current == nil)

        // theme is edited in the line editor while another process changes it twice.
        let edit = try EditorFixture(suite: "notes")
        edit.type(.key(.enter))
        let change = { (value: String) in
            PersistentKeyValueChange(
                suite: "notes", key: "greeting", oldValue: nil, newValue: .string(value), origin: .otherProcess)
        }
        edit.editor.receive([change("first")])
        // The value another program planted holds an escape sequence, which no save keeps: the line is typed anew.
        edit.type(.control("u"), .character("h"), .character("i"), .key(.enter))
        #expect(edit.screen.contains("greeting was changed by another process to first"))
        edit.editor.receive([change("second")])
        edit.type()
        #expect(edit.screen.contains("greeting was changed by another process to second"))
        #expect(!edit.screen.contains("to first"))
    }
}
