import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import Testing

/// The editor keeps pending changes.
///
/// Ctrl-C and SIGTERM ask as `q` does, and SIGHUP or a second signal keeps them in a recovery file the next start offers back. Nothing is written to a suite by any of it.
@Suite(.threadOfItsOwn) struct EditorSignalTests {
    /// An editor in delayed mode holding one pending change to `fontScale`, and the suite file's bytes.
    private static func pendingEdit() throws -> (EditorFixture, Data) {
        let fixture = try EditorFixture(width: 100, suite: "com.example.app")
        let file = fixture.store.directory.appendingPathComponent("com.example.app.plist")
        let before = try Data(contentsOf: file)
        fixture.type(.character("P"), .character("j"), .character("+"))
        #expect(fixture.editor.model.pending.changes.count == 1)
        return (fixture, before)
    }

    private static func keptFiles(_ fixture: EditorFixture) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: fixture.recoveryDirectory.path)) ?? []
    }

    @Test func ctrlCAsksAsQDoesAndASecondSignalKeepsTheChanges() throws {
        let (fixture, before) = try Self.pendingEdit()
        let model = fixture.editor.model
        fixture.type(.signal(.interrupt))
        #expect(!model.ending.isFinished)
        #expect(fixture.screen.contains("Apply the 1 pending change before quitting?"))
        fixture.type(.signal(.terminate))
        #expect(model.ending.isFinished)
        #expect(Self.keptFiles(fixture).count == 1)
        #expect(model.ending.exitNote?.contains("kept 1 pending change in ") == true)
        let file = fixture.store.directory.appendingPathComponent("com.example.app.plist")
        #expect(try Data(contentsOf: file) == before, "nothing was written")

        fixture.restart(suite: "com.example.app")
        #expect(fixture.screen.contains("Restore the 1 pending change an editor kept"))
        fixture.type(.character("y"))
        let restored = fixture.editor.model
        #expect(restored.pending.isDelayed)
        #expect(restored.pending.changes.map(\.key) == ["fontScale"])
        let value = try #require(restored.pending.changes.first?.value)
        #expect(value != .int(7))
        #expect(Self.keptFiles(fixture).isEmpty)
        fixture.type(.character("A"))
        #expect(try fixture.store.suite("com.example.app").primitiveValue(forKey: "fontScale") == value)
    }

    /// Pending values may be secrets: the file is this user's alone from its first byte, and a recovery folder others
    /// may write is made this user's alone before anything is kept in it.
    @Test func theKeptFileIsPrivateAndItsFolderMadePrivate() throws {
        let (fixture, _) = try Self.pendingEdit()
        try FileManager.default.createDirectory(at: fixture.recoveryDirectory, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: fixture.recoveryDirectory.path)
        fixture.type(.signal(.hangup))
        let kept = try #require(Self.keptFiles(fixture).first)
        let file = fixture.recoveryDirectory.appendingPathComponent(kept)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
        #expect(
            try FileManager.default.attributesOfItem(atPath: fixture.recoveryDirectory.path)[.posixPermissions] as? Int
                == 0o700)
        #expect(Self.keptFiles(fixture) == [kept], "no temporary file is left")
    }

    /// A secret's pending change is kept by name alone: neither its new value nor the one it replaces reaches the
    /// file, and the next start says to make it again.
    @Test func aSecretsPendingChangeIsKeptWithoutItsValues() throws {
        let fixture = try EditorFixture(width: 110, height: 14, suite: "vault")
        try fixture.catalog.install(Data(EditorSecretsTests.manifest.utf8))
        try fixture.store.suite("vault").commit([
            "token": .string("s3cret-token"), "other": .string("hidden-too"), "user": .string("ann"),
        ])
        fixture.type(.control("l"), .character("P"))
        // The first row is a secret (other or token), the third is user.
        fixture.editor.step(
            [.key(.enter), .control("u"), .key(.end), .control("u")] + type("typed-secret") + [.key(.enter)])
        fixture.editor.step(
            [.character("j"), .character("j"), .key(.enter), .control("u"), .key(.end), .control("u")] + type("bob") + [
                .key(.enter)
            ])
        #expect(fixture.editor.model.pending.changes.count == 2)
        fixture.type(.signal(.hangup))
        #expect(fixture.editor.model.ending.exitNote?.contains("1 change to a secret key kept by name alone") == true)
        let kept = try #require(Self.keptFiles(fixture).first)
        let text = try String(
            contentsOf: fixture.recoveryDirectory.appendingPathComponent(kept), encoding: .utf8)
        for secret in ["typed-secret", "s3cret-token", "hidden-too"] {
            #expect(!text.contains(secret), "\(text)")
        }
        #expect(text.contains("bob") && text.contains("ann"))

        fixture.restart(suite: "vault")
        fixture.type(.character("y"))
        #expect(fixture.editor.model.pending.changes.map(\.key) == ["user"])
        #expect(fixture.screen.contains("1 change to a secret key"), "\(fixture.screen)")
        #expect(fixture.screen.contains("make it again"), "\(fixture.screen)")
    }

    @Test func aHangupKeepsTheChangesAtOnce() throws {
        let (fixture, before) = try Self.pendingEdit()
        fixture.type(.signal(.hangup))
        #expect(fixture.editor.model.ending.isFinished)
        #expect(Self.keptFiles(fixture).count == 1)
        let file = fixture.store.directory.appendingPathComponent("com.example.app.plist")
        #expect(try Data(contentsOf: file) == before)
        // Esc keeps them for later; n discards them.
        fixture.restart()
        fixture.type(.key(.escape))
        #expect(fixture.screen.contains("kept for later"))
        #expect(Self.keptFiles(fixture).count == 1)
        fixture.restart()
        fixture.type(.character("n"))
        #expect(fixture.screen.contains("discarded 1 kept change; nothing was written"))
        #expect(Self.keptFiles(fixture).isEmpty)
        #expect(try Data(contentsOf: file) == before)
    }

    @Test func withNothingPendingASignalQuitsAndKeepsNothing() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        fixture.type(.signal(.terminate))
        #expect(fixture.editor.model.ending.isFinished)
        #expect(fixture.editor.model.ending.exitNote == nil)
        #expect(Self.keptFiles(fixture).isEmpty)
    }

    /// A restored change another process overwrote since it was made is marked, and not overwritten unasked.
    @Test func aRestoredChangeMadeAgainstAnOlderValueIsAConflict() throws {
        let (fixture, _) = try Self.pendingEdit()
        fixture.type(.signal(.hangup))
        try fixture.store.suite("com.example.app").commit(["fontScale": .int(12)])
        fixture.restart(suite: "com.example.app")
        fixture.type(.character("y"))
        let model = fixture.editor.model
        let change = try #require(model.pending.changes.first)
        #expect(model.isConflicting(change))
        fixture.type(.character("A"))
        #expect(try fixture.store.suite("com.example.app").primitiveValue(forKey: "fontScale") == .int(12))
    }
}

/// The editor keeps what a person typed, or refuses: a date with a fraction the suite file cannot hold is not cut.
@Suite(.threadOfItsOwn) struct EditorDatePrecisionTests {
    @Test func aDateFractionTheSuiteCannotKeepIsRefusedNotTruncated() throws {
        let fixture = try EditorFixture(width: 120, suite: "notes")
        let suite = try fixture.store.suite("notes")
        // An XML file, which holds dates to the second (the fixture's is binary, for a greeting XML cannot hold).
        try suite.commit(
            ["greeting": nil, "when": .date(Date(timeIntervalSince1970: 1_790_000_000))], recoveringCorruptFile: false,
            format: .xml)
        #expect(suite.format == .xml)
        fixture.type(.control("l"))
        for _ in 0..<5 where fixture.editor.model.selectedKey?.key != "when" { fixture.type(.character("j")) }
        #expect(fixture.editor.model.selectedKey?.key == "when")
        fixture.editor.step(
            [.key(.enter), .control("u"), .key(.end), .control("u")]
                + "2026-11-24T12:48:50.804Z".map { InputEvent.character($0) })
        fixture.type(.key(.enter))
        #expect(
            fixture.editor.model.messages.current
                == "not written: key \"when\": 2026-11-24T12:48:50.804Z has a precision the suite cannot keep (it "
                + "would hold 2026-11-24T12:48:50Z); nothing was written")
        #expect(suite.primitiveValue(forKey: "when") == .date(Date(timeIntervalSince1970: 1_790_000_000)))
    }
}
