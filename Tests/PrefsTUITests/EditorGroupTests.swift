import Foundation
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import Testing

/// A group of keys under a prefix, as `store.prefixed("editor.")` holds them, shown as `editor.*`.
@Suite(.threadOfItsOwn) struct EditorGroupTests {
    @Test func aGroupPatternFiltersToAPrefixedGroupAndTheDetailsNameIt() throws {
        let fixture = try EditorFixture(width: 110, height: 14, suite: "grouped")
        try fixture.store.suite("grouped").commit([
            "editor.fontSize": .int(12), "editor.theme": .string("dark"), "editorial": .string("no"),
            "sync.interval": .int(30),
        ])
        var screen = fixture.type(.control("l")).text
        #expect(screen.contains("Group         editor.*, 2 keys; /editor.* lists"), "\(screen)")
        fixture.editor.step([.character("/")] + type("editor.*"))
        screen = fixture.type(.key(.enter)).text
        let listed = screen.split(separator: "\n").compactMap { line in
            ["editor.fontSize", "editor.theme", "editorial", "sync.interval"].first { line.contains($0 + " ") }
        }
        #expect(listed == ["editor.fontSize", "editor.theme"], "\(screen)")
    }
}
