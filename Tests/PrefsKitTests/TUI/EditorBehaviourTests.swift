import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTUI
import Testing

/// What the editor does with keys and with other processes' changes.
@Suite struct EditorBehaviourTests {
    @Test func navigationKeysMoveTheSelectionAndOpenAndClose() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let model = fixture.editor.model
        fixture.type(.character("j"), .key(.down))
        #expect(model.selectedKey?.key == "showsTips")
        fixture.type(.character("G"))
        #expect(model.selectedKey?.key == "extra")
        fixture.type(.character("g"))
        #expect(model.selectedKey?.key == "theme")
        fixture.type(.key(.pageDown))
        #expect(model.selectedIndex == model.rowCount - 1)
        fixture.type(.character("l"))
        #expect(model.screen == .details(suite: "com.example.app", key: "extra"))
        fixture.type(.character("q"), .character("h"))
        #expect(model.screen == .suites)
        fixture.type(.character("q"))
        #expect(model.isFinished)
    }

    @Test func spaceTogglesABoolAndRResetsAKey() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let suite = try fixture.store.suite("com.example.app")
        fixture.type(.character("j"), .character("j"), .character(" "))
        #expect(suite.primitiveValue(forKey: "showsTips") == .bool(false))
        #expect(fixture.screen.contains("showsTips = false"))
        fixture.type(.character("g"), .character("r"))
        #expect(suite.primitiveValue(forKey: "theme") == nil)
        fixture.type(.character(" "))
        #expect(fixture.screen.contains("space toggles Boolean keys"))
        #expect(suite.primitiveValue(forKey: "theme") == nil)
    }

    @Test func readOnlyWritesNothing() throws {
        let fixture = try EditorFixture(suite: "com.example.app", readOnly: true)
        fixture.type(.character("j"), .character("j"), .character(" "))
        #expect(try fixture.store.suite("com.example.app").primitiveValue(forKey: "showsTips") == nil)
        #expect(fixture.screen.contains("read-only: nothing was written"))
    }

    @Test func anotherProcesssChangeIsHighlightedAndKeepsTheSelection() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let model = fixture.editor.model
        fixture.type(.character("j"))
        #expect(model.selectedKey?.key == "fontScale")
        // Another store on the same directory plays the other process; its write adds a key before the selection.
        let other = try FileStore(
            directory: fixture.store.directory, journalDirectory: fixture.store.journalDirectory, launchArguments: .none
        )
        try other.suite("com.example.app").commit(["aaa": .int(1), "theme": .string("black")])
        let change = PersistentKeyValueChange(
            suite: "com.example.app", key: "theme", oldValue: .string("dark"), newValue: .string("black"),
            origin: .otherProcess)
        fixture.editor.receive([change])
        let grid = fixture.type()
        #expect(model.selectedKey?.key == "fontScale", "the selection stays on the same key")
        #expect(fixture.screen.contains("black"))
        let themeRow = try #require(
            (0..<grid.height).first { y in
                (0..<grid.width).map { grid[$0, y].text }.joined().contains("theme")
            })
        #expect(grid[4, themeRow].style.background == .yellow, "the changed row is highlighted")
        #expect(model.isHighlighted(suite: "com.example.app", key: "theme", at: .now + .seconds(2)) == false)
    }
}

/// `/` narrows the list fuzzily on key, value, summary and description.
@Suite struct EditorFilterTests {
    private func type(_ text: String) -> [InputEvent] {
        text.map { .character($0) }
    }

    @Test func theFilterMatchesKeysValuesAndDocumentationFuzzily() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let model = fixture.editor.model
        fixture.editor.step([.character("/")] + type("fscl"))
        #expect(model.keyRows.map(\.key) == ["fontScale"])
        fixture.editor.step([.key(.backspace), .key(.backspace), .key(.backspace), .key(.backspace)] + type("colour"))
        #expect(model.keyRows.map(\.key) == ["theme"], "the summary matches")
        fixture.editor.step(Array(repeating: .key(.backspace), count: 6) + type("window is drawn"))
        #expect(model.keyRows.map(\.key) == ["theme"], "the description matches")
        fixture.editor.step(Array(repeating: .key(.backspace), count: 30) + type("DARK"))
        #expect(model.keyRows.map(\.key) == ["theme"], "the value matches, ignoring case")
        fixture.type(.key(.enter))
        #expect(!model.isEditingFilter)
        #expect(fixture.screen.contains("/DARK"))
        fixture.type(.character("j"))
        #expect(model.selectedKey?.key == "theme", "keys act on the filtered list again")
    }

    @Test func escapeClearsTheFilterAndGoingBackDropsIt() throws {
        let fixture = try EditorFixture()
        let model = fixture.editor.model
        fixture.editor.step([.character("/")] + type("nts"))
        #expect(model.suiteRows.map(\.name) == ["notes"])
        fixture.type(.key(.escape))
        #expect(model.suiteRows.count == 2)
        fixture.editor.step([.character("/")] + type("nts") + [.key(.enter), .key(.enter)])
        #expect(model.screen == .keys(suite: "notes"))
        fixture.type(.key(.escape))
        #expect(model.filter.isEmpty)
        #expect(model.suiteRows.count == 2)
    }
}
