import Foundation
import PrefsTUI
import PrefsTestHelpers
import PrefsTools
import Testing

/// A paste is many keys: a megabyte of them is taken whole, in batches as the terminal backend delivers them, each
/// batch drawn around the cursor; quadratic work would hold this test for hours (it did: 50,000 keys took 13 s).
@Suite(.threadOfItsOwn) struct EditorPasteTests {
    @Test func aPastedMegabyteIsKeptWholeAndShownAroundTheCursor() throws {
        let fixture = try EditorFixture(width: 60, suite: "com.example.app")
        let before = try fixture.store.suite("com.example.app").primitiveValue(forKey: "fontScale")
        fixture.type(.character("j"), .key(.enter), .control("u"))
        let paste = Array(repeating: InputEvent.character("x"), count: 1 << 20) + type("END")
        var index = 0
        while index < paste.count {
            let batch = Array(paste[index..<min(index + 4096, paste.count)])
            fixture.editor.step(batch)
            fixture.editor.draw()
            index += batch.count
        }
        let line = try #require(fixture.editor.model.modal.editing?.line)
        #expect(line.characters.count == (1 << 20) + 3)
        let end = try #require(fixture.screen.split(separator: "\n").last { $0.contains("fontScale: ") })
        #expect(end.contains("fontScale: …xxx") && end.hasSuffix("xEND"), "\(end)")
        fixture.type(.key(.home))
        let start = try #require(fixture.screen.split(separator: "\n").last { $0.contains("fontScale: ") })
        #expect(start.contains("fontScale: xxx") && start.hasSuffix("xxx…"), "\(start)")
        // Saving is refused as any bad number is, at once, and the value stays what it was.
        fixture.type(.key(.enter))
        #expect(fixture.editor.model.modal.editing?.error != nil)
        #expect(try fixture.store.suite("com.example.app").primitiveValue(forKey: "fontScale") == before)
    }

    /// A paste into the filter stops at the longest query, and says so, rather than searching a key at a time.
    @Test func aPasteIntoTheFilterStopsAtTheLongestQuery() throws {
        let fixture = try EditorFixture(width: 80, suite: "com.example.app")
        fixture.type(.character("/"))
        fixture.editor.step(Array(repeating: InputEvent.character("q"), count: 100_000))
        fixture.editor.draw()
        #expect(fixture.editor.model.filter.text.count == FilterQuery.maximumLength)
        // Said on the message line, which the filter's line covers until Enter keeps the filter.
        fixture.type(.key(.enter))
        #expect(fixture.screen.contains("the filter holds at most 1024 characters"), "\(fixture.screen)")
    }
}
