import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import Testing

/// Delayed mode: edits collect, are listed against what is stored, and are applied or dismissed together.
@Suite(.threadOfItsOwn) struct EditorPendingTests {
    @Test func editsWaitAndApplyAsOneUndoableWrite() throws {
        let fixture = try EditorFixture(width: 100, suite: "com.example.app")
        let model = fixture.editor.model
        let suite = try fixture.store.suite("com.example.app")
        fixture.type(.character("P"))
        #expect(model.pending.isDelayed)
        // theme: pick "light"; showsTips: toggle.
        fixture.type(.key(.enter), .key(.home), .key(.enter), .character("j"), .character("j"), .character(" "))
        #expect(model.pending.changes.count == 2)
        #expect(suite.primitiveValue(forKey: "theme") == .string("dark"), "nothing is written yet")
        #expect(suite.primitiveValue(forKey: "showsTips") == nil)
        #expect(fixture.screen.contains("[delayed: 2 pending]"))
        fixture.type(.character("p"))
        try expectSnapshot(fixture.screen, named: "pending")
        fixture.type(.character("A"))
        #expect(suite.primitiveValue(forKey: "theme") == .string("light"))
        #expect(suite.primitiveValue(forKey: "showsTips") == .bool(false))
        #expect(model.pending.changes.isEmpty)
        // One write in the journal, and one undo step.
        let last = try suite.lastWrite()
        #expect(Set(last.map(\.key)) == ["theme", "showsTips"])
        fixture.type(.character("u"))
        #expect(suite.primitiveValue(forKey: "theme") == .string("dark"))
        #expect(suite.primitiveValue(forKey: "showsTips") == nil)
    }

    @Test func dismissWritesNothing() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let before = try Data(contentsOf: fixture.store.directory.appendingPathComponent("com.example.app.plist"))
        fixture.type(.character("P"), .character("j"), .character("j"), .character(" "), .character("r"))
        #expect(fixture.editor.model.pending.changes.count == 1)
        fixture.type(.character("D"))
        #expect(fixture.editor.model.pending.changes.isEmpty)
        #expect(fixture.screen.contains("dismissed 1 pending change; nothing was written"))
        #expect(try Data(contentsOf: fixture.store.directory.appendingPathComponent("com.example.app.plist")) == before)
    }

    @Test func anotherProcesssWriteToAPendingKeyIsMarkedAndNotOverwrittenUnasked() throws {
        let fixture = try EditorFixture(width: 100, suite: "com.example.app")
        let model = fixture.editor.model
        fixture.type(.character("P"), .key(.enter), .key(.home), .key(.enter))
        let other = try FileStore(
            directory: fixture.store.directory, journalDirectory: fixture.store.journalDirectory, launchArguments: .none
        )
        try other.suite("com.example.app").commit(["theme": .string("black")])
        let suite = try fixture.store.suite("com.example.app")
        #expect(eventually { suite.primitiveValue(forKey: "theme") == .string("black") })
        fixture.editor.receive([
            PersistentKeyValueChange(
                suite: "com.example.app", key: "theme", oldValue: .string("dark"), newValue: .string("black"),
                origin: .otherProcess)
        ])
        fixture.type()
        #expect(fixture.screen.contains("another process changed pending key theme"))
        fixture.type(.character("p"))
        #expect(fixture.screen.contains("! com.example.app › theme: dark → light  (now black by another process)"))
        fixture.type(.character("A"))
        #expect(suite.primitiveValue(forKey: "theme") == .string("black"), "the first A refuses")
        #expect(fixture.screen.contains("A again overwrites"))
        fixture.type(.character("A"))
        #expect(suite.primitiveValue(forKey: "theme") == .string("light"))
        #expect(model.pending.changes.isEmpty)
    }

    @Test func quittingWithPendingChangesAsks() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let model = fixture.editor.model
        fixture.type(.character("P"), .character("j"), .character("j"), .character(" "), .key(.escape))
        fixture.type(.character("q"))
        #expect(!model.ending.isFinished)
        #expect(fixture.screen.contains("Apply the 1 pending change before quitting? (y apply, n discard, esc stay)"))
        #expect(
            fixture.screen.contains("y apply & quit  n discard & quit  esc stay"),
            "the footer offers the question's own answers")
        fixture.type(.key(.escape))
        #expect(!model.ending.isFinished && model.pending.changes.count == 1)
        fixture.type(.character("q"), .character("n"))
        #expect(model.ending.isFinished)
        #expect(try fixture.store.suite("com.example.app").primitiveValue(forKey: "showsTips") == nil)
    }
}
