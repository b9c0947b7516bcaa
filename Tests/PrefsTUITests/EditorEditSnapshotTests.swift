import Foundation
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import Testing

/// Editing screens drawn through the headless backend: the line editor, a refused value, the pickers and a question.
@Suite(.threadOfItsOwn) struct EditorEditSnapshotTests {
    @Test func editingANumberAndRefusingOneOutOfRange() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        fixture.type(.character("j"), .key(.enter), .key(.backspace), .character("9"), .key(.left))
        try expectSnapshot(fixture.screen, named: "edit-number")
        fixture.type(.key(.enter))
        try expectSnapshot(fixture.screen, named: "edit-refused")
        #expect(try fixture.store.suite("com.example.app").primitiveValue(forKey: "fontScale") == .int(7))
    }

    @Test(arguments: [(80, 300), (40, 50)])
    func aLongLineScrollsSoThatTheCursorAndWhatIsTypedStayVisible(width: Int, length: Int) throws {
        let fixture = try EditorFixture(width: width, suite: "notes")
        let value = (0..<length).map { String($0 % 10) }.joined()
        try fixture.store.suite("notes").setPrimitiveValues(["long": .string(value)])
        fixture.type(.control("l"))
        for _ in 0..<fixture.editor.model.rowCount where fixture.editor.model.selectedKey?.key != "long" {
            fixture.type(.character("j"))
        }
        fixture.type(.key(.enter), .key(.end), .character("X"), .character("Y"))
        let editLine = try #require(fixture.screen.split(separator: "\n").dropLast().last.map(String.init))
        #expect(editLine.hasSuffix("789XY"), "\(editLine)")
        #expect(editLine.contains("long: …"), "text hidden before is marked")
        #expect(DisplayWidth.of(editLine) < width)
        // The cursor is drawn reversed just after the text typed.
        let grid = fixture.type()
        let row = grid.height - 2
        let cursor = try #require((0..<width).first { grid[$0, row].style.reverse })
        #expect(grid[cursor - 1, row].text == "Y")

        fixture.type(.key(.home))
        let start = try #require(fixture.screen.split(separator: "\n").dropLast().last.map(String.init))
        #expect(start.contains("long: 0123"), "\(start)")
        #expect(start.hasSuffix("…"), "text hidden after is marked")
        fixture.type(.key(.enter))
        #expect(try fixture.store.suite("notes").primitiveValue(forKey: "long") == .string(value + "XY"))
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

    /// The picker opens over the value it replaces, where the key list draws values: after the key column, which is
    /// as wide as the longest name on screen, whatever the terminal's width.
    @Test(arguments: [80, 120, 160])
    func aPickerOpensAtItsKeysValue(width: Int) throws {
        let fixture = try EditorFixture(width: width, suite: "com.example.app")
        fixture.type()
        let before = fixture.screen.split(separator: "\n").map(String.init)
        let row = try #require(before.firstIndex { $0.hasPrefix("* theme") }, "\(before)")
        let value = try #require(before[row].range(of: " dark")).upperBound
        let column = before[row].distance(from: before[row].startIndex, to: value) - "dark".count
        fixture.type(.key(.enter))
        let after = fixture.screen.split(separator: "\n").map(String.init)
        let top = after[row + 1]
        let corner = try #require(top.firstIndex { $0 == "┌" })
        #expect(top.distance(from: top.startIndex, to: corner) == column, "\(top)")
    }

    @Test func addingAKeyAsksItsNameThenItsType() throws {
        let fixture = try EditorFixture(width: 80, height: 16, suite: "notes")
        fixture.type(.character("a"), .character("n"))
        try expectSnapshot(fixture.screen, named: "add-name")
        fixture.type(.key(.enter))
        try expectSnapshot(fixture.screen, named: "add-type")
    }

    @Test func resettingASuiteAsksFirst() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        fixture.type(.character("R"))
        try expectSnapshot(fixture.screen, named: "reset-suite")
    }

    @Test func deletingASuiteAsksFirst() throws {
        let fixture = try EditorFixture()
        fixture.type(.character("R"))
        try expectSnapshot(fixture.screen, named: "delete-suite")
    }
}
