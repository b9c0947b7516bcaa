import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import PrefsTools
import Testing

/// What the editor does with keys and with other processes' changes.
@Suite(.threadOfItsOwn) struct EditorBehaviourTests {
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
        #expect(model.ending.isFinished)
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

    @Test func dTwiceDeletesAKeyTheSchemaDoesNotDeclareAndNeverADeclaredOne() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let suite = try fixture.store.suite("com.example.app")
        fixture.type(.character("g"), .character("d"))
        #expect(fixture.screen.contains("is declared in the schema: r resets it"))
        #expect(suite.primitiveValue(forKey: "theme") == .string("dark"))
        fixture.type(.character("G"), .character("d"))
        #expect(fixture.screen.contains("press d again to delete"))
        #expect(suite.primitiveValue(forKey: "extra") == .int(1))
        // Any other key in between forgets the request.
        fixture.type(.character("k"), .character("j"), .character("d"))
        #expect(suite.primitiveValue(forKey: "extra") == .int(1))
        fixture.type(.character("d"))
        #expect(suite.primitiveValue(forKey: "extra") == nil)
        #expect(fixture.screen.contains("deleted extra"))
    }

    @Test func readOnlyWritesNothing() throws {
        let fixture = try EditorFixture(suite: "com.example.app", readOnly: true)
        fixture.type(.character("j"), .character("j"), .character(" "))
        #expect(try fixture.store.suite("com.example.app").primitiveValue(forKey: "showsTips") == nil)
        #expect(fixture.screen.contains("read-only: nothing can be changed"))
        // No question is asked before the refusal, and the footer offers no editing key.
        fixture.type(.character("R"))
        #expect(fixture.editor.model.modal.confirmation == nil)
        for hint in ["enter edit", "r reset", "u undo", "e editor", "a add", "d delete"] {
            #expect(!fixture.screen.contains(hint), "\(hint)")
        }
        #expect(fixture.screen.split(separator: "\n").last?.hasPrefix(" [read-only]") == true)
        fixture.type(.key(.enter), .character("e"), .character("d"), .character("d"), .character("a"))
        #expect(fixture.editor.model.modal.editing == nil && fixture.editor.model.modal.effects.isEmpty)
        #expect(try fixture.store.suite("com.example.app").primitiveValues().count == 3)
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
        // The watcher updates the suite before it posts the event, which the test plays itself.
        let watched = try fixture.store.suite("com.example.app")
        #expect(eventually { watched.primitiveValue(forKey: "theme") == .string("black") })
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
        #expect(model.live.isHighlighted(suite: "com.example.app", key: "theme", at: .now + .seconds(2)) == false)
    }

    @Test func aWriteUndoneByAnUnknownWriterIsSaidAsSuch() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let undone = PersistentKeyValueChange(
            suite: "com.example.app", key: "theme", oldValue: .string("black"), newValue: .string("dark"),
            origin: .otherProcess, writer: nil, reverted: .init(pid: 4242, processName: "prefs"))
        fixture.editor.receive([undone])
        fixture.type()
        #expect(fixture.screen.contains("theme: reverted, writer not recorded: it undid prefs pid <pid>'s write"))
        fixture.type(.character("w"))
        #expect(fixture.screen.contains("theme = dark  (reverted, writer not reco"), "the change log says so too")
    }
}

/// `/` narrows the list fuzzily on key, value, summary and description.
@Suite(.threadOfItsOwn) struct EditorFilterTests {

    @Test func theFilterMatchesKeysValuesAndDocumentationFuzzily() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let model = fixture.editor.model
        fixture.editor.step([.character("/")] + type("fscl"))
        #expect(model.rows.keyRows.map(\.key) == ["fontScale"])
        fixture.editor.step([.key(.backspace), .key(.backspace), .key(.backspace), .key(.backspace)] + type("colour"))
        #expect(model.rows.keyRows.map(\.key) == ["theme"], "the summary matches")
        fixture.editor.step(Array(repeating: .key(.backspace), count: 6) + type("window is drawn"))
        #expect(model.rows.keyRows.map(\.key) == ["theme"], "the description matches")
        fixture.editor.step(Array(repeating: .key(.backspace), count: 30) + type("DARK"))
        #expect(model.rows.keyRows.map(\.key) == ["theme"], "the value matches, ignoring case")
        fixture.type(.key(.enter))
        #expect(!model.filter.isEditing)
        #expect(fixture.screen.contains("/DARK"))
        fixture.type(.character("j"))
        #expect(model.selectedKey?.key == "theme", "keys act on the filtered list again")
    }

    @Test func escapeClearsTheFilterAndGoingBackToTheSuitesBringsTheirSearchBack() throws {
        let fixture = try EditorFixture()
        let model = fixture.editor.model
        fixture.editor.step([.character("/")] + type("nts"))
        #expect(model.rows.suiteRows.map(\.name) == ["notes"])
        fixture.type(.key(.escape))
        #expect(model.rows.suiteRows.count == 2)
        fixture.editor.step([.character("/")] + type("nts") + [.key(.enter), .key(.enter)])
        #expect(model.screen == .keys(suite: "notes"))
        #expect(model.filter.isEmpty, "a suite's keys start unfiltered")
        fixture.type(.key(.escape))
        #expect(model.filter.text == "nts", "the search that found the suite is kept")
        #expect(model.rows.suiteRows.map(\.name) == ["notes"])
        fixture.type(.key(.escape))
        #expect(model.filter.isEmpty)
        #expect(model.rows.suiteRows.count == 2)
    }
}

/// Enter edits a value through the key's schema; bad values are refused inline and write nothing.
@Suite(.threadOfItsOwn) struct EditorEditingTests {

    private func clear() -> [InputEvent] {
        [.control("u"), .key(.end), .control("u")]
    }

    @Test func aNumberIsCheckedAgainstItsRange() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let suite = try fixture.store.suite("com.example.app")
        fixture.editor.step([.character("j"), .key(.enter)] + clear() + type("9"))
        fixture.type(.key(.enter))
        #expect(fixture.screen.contains("out of range 0.5...3.0"))
        #expect(suite.primitiveValue(forKey: "fontScale") == .int(7), "nothing was written")
        fixture.editor.step([.key(.backspace)] + type("2.5"))
        fixture.type(.key(.enter))
        #expect(suite.primitiveValue(forKey: "fontScale") == .double(2.5))
        #expect(fixture.editor.model.modal.editing == nil)
    }

    @Test func anEnumIsChosenInAPickerAndEscCancels() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let suite = try fixture.store.suite("com.example.app")
        let model = fixture.editor.model
        fixture.type(.key(.enter))
        #expect(model.modal.picker?.labels == ["light  (default)", "dark", "black"], "the default is marked")
        #expect(model.modal.picker?.selected == 1, "the picker opens on the current value")
        fixture.type(.character("j"), .key(.escape))
        #expect(model.modal.picker == nil)
        #expect(suite.primitiveValue(forKey: "theme") == .string("dark"), "Esc writes nothing")
        fixture.type(.key(.enter), .character("j"), .key(.enter))
        #expect(suite.primitiveValue(forKey: "theme") == .string("black"))
        // A letter jumps to the next choice starting with it.
        fixture.type(.key(.enter), .character("l"), .key(.enter))
        #expect(suite.primitiveValue(forKey: "theme") == .string("light"))
    }

    @Test func aClickOnAPickersItemChoosesItAndAClickOutsideClosesIt() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let suite = try fixture.store.suite("com.example.app")
        let grid = fixture.type(.key(.enter))
        let blackRow = try #require((0..<grid.height).first { fixture.line(grid, $0).contains("black") })
        let blackColumn = try #require(fixture.line(grid, blackRow).firstRange(of: "black")).lowerBound.utf16Offset(
            in: fixture.line(grid, blackRow))
        fixture.type(.click(x: 0, y: blackRow))
        #expect(fixture.editor.model.modal.picker == nil, "a click outside the picker closes it")
        #expect(suite.primitiveValue(forKey: "theme") == .string("dark"))
        fixture.type(.key(.enter), .click(x: blackColumn, y: blackRow))
        #expect(suite.primitiveValue(forKey: "theme") == .string("black"))
    }

    @Test func aStringTakesWideCharactersAndTheCursorMovesByCharacter() throws {
        let fixture = try EditorFixture(suite: "notes")
        let suite = try fixture.store.suite("notes")
        fixture.editor.step([.character("j"), .key(.enter)] + clear() + type("漢字"))
        fixture.editor.step([.key(.left), .character("x"), .key(.home), .character("<"), .key(.end), .character(">")])
        let grid = fixture.type()
        #expect(fixture.screen.contains("wide: <漢x字>"))
        #expect(grid.text.contains("enter save"))
        fixture.type(.key(.enter))
        #expect(suite.primitiveValue(forKey: "wide") == .string("<漢x字>"))
    }

    @Test(arguments: [false, true])
    func aChangeUnderneathIsReportedInsteadOfOverwritten(inPicker: Bool) throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let suite = try fixture.store.suite("com.example.app")
        if inPicker {
            fixture.editor.step([.key(.enter), .character("g")])
        } else {
            fixture.editor.step([.character("j"), .key(.enter)] + clear() + type("2"))
        }
        let key = inPicker ? "theme" : "fontScale"
        let before = suite.primitiveValue(forKey: key)
        // Another writer's change, on disk and told to the editor.
        let other = try FileStore(
            directory: fixture.store.directory, journalDirectory: fixture.store.journalDirectory, launchArguments: .none
        )
        try other.suite("com.example.app").commit([key: .string("black")])
        let change = PersistentKeyValueChange(
            suite: "com.example.app", key: key, oldValue: before, newValue: .string("black"), origin: .otherProcess)
        fixture.editor.receive([change])
        fixture.editor.step([])
        fixture.type(.key(.enter))
        #expect(fixture.screen.contains("\(key) was changed by another process to black"))
        #expect(try other.suite("com.example.app").primitiveValue(forKey: key) == .string("black"), "not overwritten")
        fixture.type(.key(.enter))
        let chosen: PropertyListValue = inPicker ? .string("light") : .double(2)
        #expect(suite.primitiveValue(forKey: key) == chosen, "a second Enter overwrites knowingly")
    }

    /// The same race when the change has not reached the editor yet: the write is checked under the suite's lock,
    /// refused, and the edit stays open with the warning, so that nothing is overwritten unseen.
    @Test(arguments: [false, true])
    func aChangeNotYetSeenIsNotOverwrittenEither(inPicker: Bool) throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        if inPicker {
            fixture.editor.step([.key(.enter), .character("g")])
        } else {
            fixture.editor.step([.character("j"), .key(.enter)] + clear() + type("2"))
        }
        let key = inPicker ? "theme" : "fontScale"
        let other = try FileStore(
            directory: fixture.store.directory, journalDirectory: fixture.store.journalDirectory, launchArguments: .none
        )
        try other.suite("com.example.app").commit([key: .string("black")])
        fixture.type(.key(.enter))
        #expect(fixture.screen.contains("\(key) was changed by another process to black"), "\(fixture.screen)")
        #expect(try other.suite("com.example.app").primitiveValue(forKey: key) == .string("black"))
        fixture.type(.key(.enter))
        let chosen: PropertyListValue = inPicker ? .string("light") : .double(2)
        #expect(try other.suite("com.example.app").primitiveValue(forKey: key) == chosen)
    }
}

/// `/` on the suites screen searches every suite's keys, values and documentation.
@Suite(.threadOfItsOwn) struct EditorGlobalSearchTests {

    @Test func keysValuesAndDescriptionsOfEverySuiteAreFoundAndOpenAtTheirKey() throws {
        let fixture = try EditorFixture(width: 100, height: 14)
        let model = fixture.editor.model
        // "window" is in the description of theme only; "there" in the value of greeting only.
        fixture.editor.step([.character("/")] + type("window"))
        #expect(Array(model.rows.searchMatches) == [SearchMatch(suite: "com.example.app", key: "theme")])
        // Each hit says what it was found by.
        #expect(model.rows.searchMatches.rank(at: 0) == .documentation)
        #expect(fixture.type().text.contains("by the description"))
        fixture.type(.control("u"))
        fixture.editor.step(type("there") + [.key(.enter)])
        #expect(Array(model.rows.searchMatches) == [SearchMatch(suite: "notes", key: "greeting")])
        fixture.type(.character("j"), .character("j"))
        try expectSnapshot(fixture.screen, named: "search")
        fixture.type(.key(.enter))
        #expect(model.screen == .keys(suite: "notes"))
        #expect(model.selectedKey?.key == "greeting")
        fixture.type(.key(.escape))
        #expect(model.filter.text == "there" && model.rows.searchMatches.count == 1)
    }

    @Test func matchesSpanningSuitesAreRankedThenListedBySuiteInItsOrder() throws {
        let fixture = try EditorFixture()
        let model = fixture.editor.model
        fixture.editor.step([.character("/"), .character("e")])
        let all = Array(model.rows.searchMatches)
        #expect(model.rows.searchMatches.suiteCount == 2)
        #expect(all.count == model.rows.searchMatches.count && Set(all).count == all.count)
        let order = all.map { (SearchPattern("e").rank(ofKey: $0.key)?.rawValue ?? 9, $0.suite) }
        #expect(zip(order, order.dropFirst()).allSatisfy { $0 <= $1 }, "\(order)")
        // Within a suite and a rank, in the order the keys screen lists them, as `prefs find` does.
        let (found, _) = try PreferenceSearch("e").run(in: fixture.tools)
        #expect(all == found.map { SearchMatch(suite: $0.suite, key: $0.key) })
        #expect(all.first == SearchMatch(suite: "com.example.app", key: "extra"), "a key name's prefix comes first")
        #expect(all.contains(SearchMatch(suite: "com.example.app", key: "theme")))
        #expect(all.contains(SearchMatch(suite: "notes", key: "greeting")))
        #expect(model.rows.searchMatches.last == all.last)
    }

    @Test func nothingFoundSaysSoWithTheQuery() throws {
        let fixture = try EditorFixture()
        fixture.editor.step([.character("/")] + type("zzzq"))
        fixture.type()
        #expect(fixture.screen.contains(#"No suite or key matches "zzzq"."#))
        let keys = try EditorFixture(suite: "notes")
        keys.editor.step([.character("/")] + type("zzzq"))
        keys.type()
        #expect(keys.screen.contains(#"No key matches "zzzq"."#))
    }

    @Test func anotherProcesssWriteIsFoundByTheNextKeystroke() throws {
        let fixture = try EditorFixture()
        let model = fixture.editor.model
        fixture.editor.step([.character("/")] + type("brand"))
        #expect(model.rows.searchMatches.isEmpty)
        // Another store on the same directory plays the other process; the test delivers its event.
        let other = try FileStore(
            directory: fixture.store.directory, journalDirectory: fixture.store.journalDirectory, launchArguments: .none
        )
        try other.suite("notes").commit(["fresh": .string("brandnew")])
        let watched = try fixture.store.suite("notes")
        #expect(eventually { watched.primitiveValue(forKey: "fresh") != nil })
        fixture.editor.receive([
            PersistentKeyValueChange(
                suite: "notes", key: "fresh", oldValue: nil, newValue: .string("brandnew"), origin: .otherProcess)
        ])
        fixture.type()
        #expect(Array(model.rows.searchMatches) == [SearchMatch(suite: "notes", key: "fresh")])
    }
}
