import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import PrefsTools
import Testing

/// Adding keys, resetting a whole suite, and undoing and redoing the session's changes.
@Suite(.threadOfItsOwn) struct EditorChangesTests {

    @Test func aAddsATypedKeyToASuiteWithoutASchema() throws {
        let fixture = try EditorFixture(suite: "notes")
        let suite = try fixture.store.suite("notes")
        let model = fixture.editor.model
        fixture.editor.step([.character("a")] + type("greeting") + [.key(.enter)])
        #expect(fixture.type().text.contains("already exists"), "a taken name is refused")
        fixture.editor.step([.control("u")] + type("count") + [.key(.enter)])
        #expect(model.modal.picker?.labels.first == "string")
        // The type picker: string, int, ...
        fixture.editor.step([.character("j"), .key(.enter)] + type("twelve") + [.key(.enter)])
        #expect(fixture.type().text.contains("is not an integer"))
        #expect(suite.primitiveValue(forKey: "count") == nil, "a bad value writes nothing")
        fixture.editor.step([.control("u")] + type("12") + [.key(.enter)])
        #expect(suite.primitiveValue(forKey: "count") == .int(12))
        #expect(model.rows.keyRows.contains { $0.key == "count" && $0.kind == "int" })

        fixture.editor.step([.character("a")] + type("flags") + [.key(.enter), .character("a"), .key(.enter)])
        #expect(model.modal.editing?.line.text == "[]", "an array starts from an empty one")
        fixture.editor.step([.control("u")] + type(#"[1, "two"]"#) + [.key(.enter)])
        #expect(suite.primitiveValue(forKey: "flags") == .array([.int(1), .string("two")]))

        fixture.editor.step([.character("a")] + type("on") + [.key(.enter), .character("b"), .key(.enter)])
        #expect(model.modal.picker?.labels == ["true", "false"], "a Boolean is picked, not typed")
        fixture.type(.key(.down), .key(.enter))
        #expect(suite.primitiveValue(forKey: "on") == .bool(false))
    }

    @Test func aNameWithAControlCharacterOrEscIsRefusedAndASchemaSuiteTakesNoNewKey() throws {
        let fixture = try EditorFixture(suite: "notes")
        fixture.type(.character("a"), .character("x"), .character("\u{1B}"), .key(.enter))
        // The rule `prefs write` keeps, in its words.
        #expect(fixture.screen.contains(#"the key "x\e" holds a control character (\e); nothing was written"#))
        #expect(!fixture.screen.contains("\u{1B}"))
        fixture.type(.key(.escape))
        #expect(fixture.screen.contains("no key was added"))
        #expect(try fixture.store.suite("notes").primitiveValues().count == 2)

        let app = try EditorFixture(suite: "com.example.app")
        app.type(.character("a"))
        #expect(app.editor.model.modal.editing == nil)
        #expect(app.screen.contains("has a schema"))
    }

    @Test func capitalRResetsTheWholeSuiteOnlyAfterY() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let suite = try fixture.store.suite("com.example.app")
        fixture.type(.character("R"))
        #expect(fixture.screen.contains("Reset all 3 stored keys of \"com.example.app\""))
        fixture.type(.character("n"))
        #expect(suite.primitiveValues().count == 3, "any key but y keeps them")
        #expect(fixture.screen.contains("nothing was reset"))
        fixture.type(.character("R"), .character("y"))
        #expect(suite.primitiveValues().isEmpty)
        #expect(fixture.screen.contains("reset 3 keys of com.example.app"))
        // One u brings the whole suite back.
        fixture.type(.character("u"))
        #expect(suite.primitiveValue(forKey: "theme") == .string("dark"))
        #expect(suite.primitiveValue(forKey: "extra") == .int(1))
    }

    @Test func uUndoesAndControlRRedoesTheSuitesWritesFromItsHistory() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let suite = try fixture.store.suite("com.example.app")
        // The history holds the write that made the suite, before this session: u takes it back, and ctrl-r redoes it.
        fixture.type(.character("u"))
        #expect(suite.primitiveValues().isEmpty)
        #expect(fixture.screen.contains("undone in com.example.app: extra: 1 -> (unset)"), "\(fixture.screen)")
        fixture.type(.control("r"))
        #expect(suite.primitiveValues().count == 3)
        // theme: dark -> black (picker); showsTips: default -> false; extra deleted.
        fixture.type(.key(.enter), .character("j"), .key(.enter))
        fixture.type(.character("j"), .character("j"), .character(" "))
        fixture.type(.character("G"), .character("d"), .character("d"))
        #expect(suite.primitiveValue(forKey: "extra") == nil)

        fixture.type(.character("u"))
        #expect(suite.primitiveValue(forKey: "extra") == .int(1))
        #expect(fixture.screen.contains("undone in com.example.app: extra: (unset) -> 1"))
        fixture.type(.character("u"))
        #expect(suite.primitiveValue(forKey: "showsTips") == nil, "undo restores not stored, not the default")
        fixture.type(.character("u"))
        #expect(suite.primitiveValue(forKey: "theme") == .string("dark"))

        fixture.type(.control("r"), .control("r"))
        #expect(suite.primitiveValue(forKey: "theme") == .string("black"))
        #expect(suite.primitiveValue(forKey: "showsTips") == .bool(false))
        // A new change forgets what was undone.
        fixture.type(.character("g"), .character("r"), .control("r"))
        #expect(fixture.screen.contains("nothing to redo"))
        #expect(suite.primitiveValue(forKey: "theme") == nil)
        #expect(suite.primitiveValue(forKey: "extra") == .int(1), "the undone delete is not redone")
        // prefs undo reads the same history: it takes back the reset the editor made.
        let undone = try UndoAction.undo("com.example.app", in: fixture.tools)
        #expect(undone.keys == ["theme"])
        #expect(suite.primitiveValue(forKey: "theme") == .string("black"))
    }

    @Test func uUndoesAnotherProcesssWriteFirstAsPrefsUndoWould() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let suite = try fixture.store.suite("com.example.app")
        fixture.type(.key(.enter), .character("j"), .key(.enter))
        #expect(suite.primitiveValue(forKey: "theme") == .string("black"))
        let other = try FileStore(
            directory: fixture.store.directory, journalDirectory: fixture.store.journalDirectory, launchArguments: .none
        )
        try other.suite("com.example.app").commit(["theme": .string("light")])
        #expect(eventually { suite.primitiveValue(forKey: "theme") == .string("light") })
        // One history: the newest write is the other process's, and u takes it back first, as prefs undo would.
        fixture.type(.character("u"))
        #expect(suite.primitiveValue(forKey: "theme") == .string("black"))
        #expect(fixture.screen.contains("undone in com.example.app: theme: light -> black"), "\(fixture.screen)")

        // Then the editor's own write.
        fixture.type(.character("u"))
        #expect(suite.primitiveValue(forKey: "theme") == .string("dark"))
    }

    @Test func clicksSelectAndOpenRowsAndTheWheelScrollsTheHelp() throws {
        let fixture = try EditorFixture()
        let model = fixture.editor.model
        // Rows start under the title: suites are com.example.app (y 1) and notes (y 2).
        fixture.type(.click(x: 4, y: 2))
        #expect(model.selectedIndex == 1)
        #expect(model.screen == .suites, "a first click selects")
        fixture.type(.click(x: 4, y: 2))
        #expect(model.screen == .keys(suite: "notes"), "a click on the selected row opens it")
        fixture.type(.click(x: 4, y: 0))
        #expect(model.screen == .suites, "a click on the title goes back")

        fixture.type(.character("?"))
        // The last row of the help: the last command of the table, by name.
        let last = ":command"
        #expect(!fixture.screen.contains(last), "the help is longer than the screen")
        for _ in 0..<model.rowCount { fixture.type(.wheel(1)) }
        #expect(fixture.screen.contains(last), "the wheel scrolls it to its end")
    }
}

/// The editor's `u` and Ctrl-R are written to the store's history as `prefs undo` and `prefs redo` write them.
@Suite(.threadOfItsOwn) struct EditorSharedHistoryTests {
    @Test func anUndoInTheEditorIsOneThatPrefsRedoCanMakeAgain() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let suite = try fixture.store.suite("com.example.app")
        // theme: dark -> black, through the picker; then undone in the editor.
        fixture.type(.key(.enter), .character("j"), .key(.enter))
        #expect(suite.primitiveValue(forKey: "theme") == .string("black"))
        fixture.type(.character("u"))
        #expect(suite.primitiveValue(forKey: "theme") == .string("dark"))

        // The command line's history sees an undo, not a new write: its redo makes the editor's write again.
        let history = try UndoHistory(of: suite, name: "com.example.app")
        #expect(history.redoable.count == 1)
        #expect(history.redoable.last?.changes.map(\.newValue) == [.string("dark")])
        try UndoHistory.perform(try history.redoSteps(1), on: suite)
        #expect(suite.primitiveValue(forKey: "theme") == .string("black"))

        // And the command line's redo is one the editor's history reads as such: undoing goes back past it.
        let after = try UndoHistory(of: suite, name: "com.example.app")
        #expect(after.redoable.isEmpty)
        #expect(after.undoable.last?.changes.map(\.newValue) == [.string("black")])
    }
}
