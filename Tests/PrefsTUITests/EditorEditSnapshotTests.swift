import Foundation
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import Testing

/// Editing screens drawn through the headless backend: the line editor, a refused value, the pickers and a question.
@Suite struct EditorEditSnapshotTests {
    @Test func editingANumberAndRefusingOneOutOfRange() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        fixture.type(.character("j"), .key(.enter), .key(.backspace), .character("9"), .key(.left))
        try expectSnapshot(fixture.screen, named: "edit-number")
        fixture.type(.key(.enter))
        try expectSnapshot(fixture.screen, named: "edit-refused")
        #expect(try fixture.store.suite("com.example.app").primitiveValue(forKey: "fontScale") == .int(7))
    }

    @Test func aPickerOpensUnderItsKey() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        fixture.type(.key(.enter), .character("j"))
        try expectSnapshot(fixture.screen, named: "picker")
        let ascii = try EditorFixture(suite: "com.example.app", unicode: false)
        ascii.type(.key(.enter))
        #expect(ascii.screen.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(ascii.screen.contains("| * dark"))
    }

    @Test func addingAKeyAsksItsNameThenItsType() throws {
        let fixture = try EditorFixture(width: 80, height: 16, suite: "notes")
        fixture.type(.character("a"), .character("n"))
        try expectSnapshot(fixture.screen, named: "add-name")
        fixture.type(.key(.enter))
        try expectSnapshot(fixture.screen, named: "add-type")
    }

    @Test func resettingASuiteAsksFirst() throws {
        let fixture = try EditorFixture()
        fixture.type(.character("R"))
        try expectSnapshot(fixture.screen, named: "reset-suite")
    }
}
