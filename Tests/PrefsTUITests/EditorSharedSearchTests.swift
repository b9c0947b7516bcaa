import Foundation
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import PrefsTools
import Testing

/// The editor's `/` and `prefs find` are one search: the same matches in the same order.
@Suite(.threadOfItsOwn) struct EditorSharedSearchTests {
    @Test func aFilterInALargeSuitePutsTheKeyNamedFirst() throws {
        let fixture = try EditorFixture()
        var keys: [String: PropertyListValue?] = [:]
        for number in 0..<10_000 { keys[String(format: "key%05d", number)] = .int(number) }
        try fixture.store.suite("big").commit(keys)
        fixture.type(.control("l"))
        fixture.editor.step([.character("/")] + type("big") + [.key(.enter)])
        fixture.editor.step([.key(.enter)])
        #expect(fixture.editor.model.currentSuite == "big")
        fixture.editor.step([.character("/")] + type("9999"))
        let first = fixture.editor.model.rows.keyRows.first?.key
        #expect(first == "key09999", "\(fixture.type().text)")
    }

    @Test func searchingEverySuiteListsWhatFindListsInItsOrder() throws {
        let fixture = try EditorFixture(height: 40)
        try fixture.store.suite("notes").commit([
            "darkness": .string("x"), "mode": .string("dark"), "adark": .int(1), "dark": .bool(true),
        ])
        for text in ["dark", "th", "e"] {
            fixture.type(.key(.escape), .key(.escape))
            fixture.editor.step([.character("/")] + type(text))
            let model = fixture.editor.model
            let editor = model.rows.searchMatches.map { "\($0.suite) \($0.key)" }
            let (found, _) = try PreferenceSearch(text).run(in: fixture.tools)
            #expect(editor == found.map { "\($0.suite) \($0.key)" }, "/\(text)")
            #expect(!editor.isEmpty)
        }
    }
}
