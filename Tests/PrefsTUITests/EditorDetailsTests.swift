import Foundation
import PrefsCore
import PrefsTUI
import PrefsTestHelpers
import Testing

/// The details say what a key is and where its value came from, and `+`/`-` step as its range suits.
@Suite(.threadOfItsOwn) struct EditorDetailsTests {
    private static let ranges = """
        {"format": "prefs-schema", "version": 1, "suite": "ranges", "keys": [
          {"id": "delay", "type": "Int", "kind": "int", "storage": "int", "optional": false, "debug": false,
           "default": 500, "range": {"min": 100, "max": 2500}},
          {"id": "percent", "type": "Int", "kind": "int", "storage": "int", "optional": false, "debug": false,
           "default": 50, "range": {"min": 0, "max": 100}},
          {"id": "opacity", "type": "Double", "kind": "double", "storage": "double", "optional": false,
           "debug": false, "default": 0.5, "range": {"min": 0.0, "max": 1.0}}
        ]}
        """

    private func select(_ key: String, in fixture: EditorFixture) {
        for _ in 0..<fixture.editor.model.rowCount where fixture.editor.model.selectedKey?.key != key {
            fixture.type(.character("j"))
        }
    }

    @Test func anEnumSaysItsTypeAndHowItIsStored() throws {
        let fixture = try EditorFixture(width: 120, height: 20, suite: "com.example.app")
        fixture.type()
        #expect(fixture.screen.contains("Type          enum Theme, stored as string"), "\(fixture.screen)")
    }

    @Test(arguments: [
        ("delay", "+", PropertyListValue.int(600)), ("delay", "-", .int(400)), ("percent", "+", .int(55)),
        ("opacity", "+", .double(0.55)), ("opacity", "-", .double(0.45)),
    ])
    func plusAndMinusStepAsTheRangeSuits(key: String, press: Character, expected: PropertyListValue) throws {
        let fixture = try EditorFixture(suite: "ranges")
        try fixture.catalog.install(Data(Self.ranges.utf8))
        fixture.restart(suite: "ranges")
        select(key, in: fixture)
        fixture.type(.character(press))
        #expect(try fixture.store.suite("ranges").primitiveValue(forKey: key) == expected)
    }

    @Test func aStepPastABoundStopsOnItAndTheNextSaysSo() throws {
        let fixture = try EditorFixture(suite: "ranges")
        try fixture.catalog.install(Data(Self.ranges.utf8))
        try fixture.store.suite("ranges").setPrimitiveValues(["delay": .int(2450)])
        fixture.restart(suite: "ranges")
        select("delay", in: fixture)
        fixture.type(.character("+"))
        #expect(try fixture.store.suite("ranges").primitiveValue(forKey: "delay") == .int(2500))
        fixture.type(.character("+"))
        #expect(fixture.editor.model.messages.current == "delay is at its maximum, 2500")
    }

    @Test func aLayerChangeSaysItsFileAndWhenItWasSeen() throws {
        let fixture = try EditorFixture(width: 130, height: 30, suite: "com.example.app")
        let locks = fixture.systemDirectory.appendingPathComponent("com.example.app.locks").path
        select("showsTips", in: fixture)
        fixture.type()
        fixture.editor.receive([
            PersistentKeyValueChange(
                suite: "com.example.app", key: "showsTips", oldValue: nil, newValue: .bool(false),
                origin: .otherProcess, systemLayer: locks)
        ])
        fixture.type()
        let line = try #require(fixture.screen.split(separator: "\n").first { $0.contains("Last changes") })
        #expect(line.contains("<time> false by system"), "\(line)")
        #expect(fixture.screen.contains("com.example.app.locks"), "the file, wrapped under it")
    }
}

/// A schema installed or removed while the editor runs shows at once.
@Suite(.threadOfItsOwn) struct EditorLiveSchemaTests {
    @Test func aSchemaInstalledMeanwhileShowsAtTheNextFrame() throws {
        let fixture = try EditorFixture()
        fixture.type()
        #expect(fixture.editor.model.rows.suiteRows.first { $0.name == "notes" }?.hasSchema == false)
        let manifest = EditorFixture.manifest.replacingOccurrences(of: "com.example.app", with: "notes")
        try fixture.catalog.install(Data(manifest.utf8))
        fixture.editor.receiveSchemaChange()
        fixture.type()
        #expect(fixture.editor.model.rows.suiteRows.first { $0.name == "notes" }?.hasSchema == true)
        _ = try fixture.catalog.uninstall(suite: "notes")
        fixture.editor.receiveSchemaChange()
        fixture.type()
        #expect(fixture.editor.model.rows.suiteRows.first { $0.name == "notes" }?.hasSchema == false)
    }
}
