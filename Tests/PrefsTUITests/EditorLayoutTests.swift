import PrefsCore
import PrefsTUI
import PrefsTestHelpers
import Testing

/// The lists use the room they have: names whole where they fit, counts and values cut first, and names in the order
/// people count.
@Suite(.threadOfItsOwn) struct EditorLayoutTests {
    @Test func keysAndSuitesSortAsPeopleCount() throws {
        let fixture = try EditorFixture(height: 20, suite: "notes")
        try fixture.store.suite("notes").setPrimitiveValues([
            "item10": .int(10), "item2": .int(2), "item1": .int(1), "Item3": .int(3),
        ])
        for name in ["app10", "app2", "app1"] { try fixture.store.suite(name).setPrimitiveValues(["k": .int(1)]) }
        fixture.type(.control("l"))
        let keys = fixture.editor.model.rows.keyRows.map(\.key)
        #expect(keys == ["Item3", "greeting", "item1", "item2", "item10", "wide"])
        fixture.type(.key(.escape))
        let suites = fixture.editor.model.rows.suiteRows.map(\.name)
        #expect(suites == ["app1", "app2", "app10", "com.example.app", "notes"])
    }

    @Test(arguments: [120, 160])
    func aLongKeyNameIsShownWholeWhenThereIsRoom(width: Int) throws {
        let fixture = try EditorFixture(width: width, suite: "notes")
        let name = "gtk-enable-primary-paste-x"
        try fixture.store.suite("notes").setPrimitiveValues([name: .bool(true)])
        fixture.type(.control("l"))
        #expect(fixture.screen.contains("\(name) "), "the whole name, then the next column")
    }

    @Test func theKeyColumnLeavesTheValueItsShare() throws {
        let fixture = try EditorFixture(width: 120, suite: "notes")
        let name = String(repeating: "k", count: 90)
        try fixture.store.suite("notes").setPrimitiveValues([name: .string("the value")])
        fixture.type(.control("l"))
        #expect(fixture.screen.contains(String(repeating: "k", count: 25) + "…"), "three fifths of the room")
        #expect(fixture.screen.contains("the value"), "and the value after it")
    }

    @Test func aLongKeyNameShowsWholeWhereTheValuesLeaveRoom() throws {
        // GNOME's longest names run to 35 characters; at 160 columns, beside short values, nothing is cut.
        let fixture = try EditorFixture(width: 160, suite: "gtk")
        let name = "gtk-enable-primary-paste-everywhere"
        try fixture.store.suite("gtk").setPrimitiveValues([name: .bool(true), "gtk-theme": .string("Adwaita")])
        fixture.type(.control("l"))
        #expect(fixture.screen.contains(name + " "), "\(fixture.screen)")
        #expect(!fixture.screen.contains("gtk-enable-primary-paste-ev…"))
    }

    @Test func aNarrowTerminalCutsCountsBeforeNames() throws {
        let fixture = try EditorFixture(width: 41)
        let name = "com.example.a-long-application"
        try fixture.store.suite(name).setPrimitiveValues(["a": .int(1), "b": .int(2)])
        fixture.type(.control("l"))
        let line = try #require(fixture.screen.split(separator: "\n").first { $0.contains("a-long") })
        #expect(line.contains(name), "the whole name")
        #expect(line.contains("2 k"), "then as much of the count as fits")
        let narrower = try EditorFixture(width: 34)
        try narrower.store.suite(name).setPrimitiveValues(["a": .int(1)])
        narrower.type(.control("l"))
        #expect(narrower.screen.contains(name), "the count goes before the name is cut")
    }
}
