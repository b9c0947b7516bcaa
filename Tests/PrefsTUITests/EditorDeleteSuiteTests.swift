import Foundation
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import Testing

/// `R` on the suites deletes the suite selected, as `prefs delete SUITE` does, after a `y`; `u` brings it back.
@Suite(.threadOfItsOwn) struct EditorDeleteSuiteTests {
    private func select(_ suite: String, _ fixture: EditorFixture) throws {
        let index = try #require(fixture.editor.model.rows.suiteRows.firstIndex { $0.name == suite })
        fixture.type(.character("g"))
        for _ in 0..<index { fixture.type(.character("j")) }
    }

    @Test func rOnASuiteDeletesItAfterAYAndUBringsItBack() throws {
        let fixture = try EditorFixture(width: 120, height: 20)
        let model = fixture.editor.model
        let file = fixture.store.directory.appendingPathComponent("notes.plist")
        let before = try fixture.store.suite("notes").primitiveValues()
        try select("notes", fixture)
        fixture.type(.character("R"))
        #expect(
            model.modal.confirmation?.question
                == #"Delete suite "notes" and its 2 keys (its file too; u undoes)? (y/n)"#)
        fixture.type(.key(.escape))
        #expect(model.messages.current == "nothing was deleted")
        #expect(FileManager.default.fileExists(atPath: file.path))

        fixture.type(.character("R"))
        fixture.type(.character("y"))
        #expect(model.messages.current == #"deleted suite "notes" and its 2 keys; u brings it back"#)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(!model.rows.suiteRows.contains { $0.name == "notes" }, "the suite leaves the list")

        fixture.type(.character("u"))
        #expect(
            model.messages.current?.hasPrefix("undone in notes: ") == true,
            "\(model.messages.current ?? "") \(fixture.screen)")
        #expect(try fixture.store.suite("notes").primitiveValues() == before)
        #expect(model.rows.suiteRows.contains { $0.name == "notes" })
    }

    /// A suite a schema declares and nothing stores has nothing to delete; inside a suite, `R` still resets its keys.
    @Test func rSaysWhenThereIsNothingToDeleteAndResetsInsideASuite() throws {
        let fixture = try EditorFixture(width: 120, height: 20)
        let model = fixture.editor.model
        try fixture.store.suite("com.example.app").commit(["theme": nil, "fontScale": nil, "extra": nil])
        fixture.type(.control("l"))
        try select("com.example.app", fixture)
        fixture.type(.character("R"))
        #expect(
            model.modal.confirmation?.question.hasPrefix(#"Delete the empty suite "com.example.app"? (y/n)"#) == true)
        fixture.type(.character("y"))
        #expect(model.rows.suiteRows.contains { $0.name == "com.example.app" }, "a schema'd suite stays listed")
        fixture.type(.character("R"))
        #expect(model.messages.current == #""com.example.app" stores nothing: every key is at its default"#)
        try fixture.store.suite("com.example.app").commit(["theme": .string("dark")])
        fixture.type(.control("l"), .key(.enter), .character("R"))
        #expect(
            model.modal.confirmation?.question.hasPrefix("Reset the 1 stored key") == true,
            "\(model.modal.confirmation?.question ?? "")")
    }
}
