import Foundation
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import Testing

/// Every place of the editor that could show a secret — the edit line, the status line after a save, a conflict's
/// warning, the picker, `+`, `e`'s file and global search — shows the mask, and every way it writes refuses what
/// `prefs write` refuses.
@Suite(.threadOfItsOwn) struct EditorSecretPathsTests {
    static let manifest = """
        {"format": "prefs-schema", "version": 1, "suite": "vault", "keys": [
          {"id": "token", "type": "String", "kind": "string", "storage": "string", "optional": false, "debug": false,
           "default": "", "secret": true, "formerly": ["apiKey"]},
          {"id": "level", "type": "Level", "kind": "enum", "storage": "string", "optional": false, "debug": false,
           "default": "low", "choices": ["low", "high"], "secret": true},
          {"id": "pin", "type": "Int", "kind": "int", "storage": "int", "optional": false, "debug": false,
           "default": 1000, "secret": true, "range": {"min": 1000, "max": 9999}}
        ]}
        """

    private func vault(stored: [String: PropertyListValue]) throws -> EditorFixture {
        let fixture = try EditorFixture(width: 120, height: 14, suite: "vault")
        try fixture.catalog.install(Data(Self.manifest.utf8))
        try fixture.store.suite("vault").commit(stored)
        fixture.type(.control("l"))
        return fixture
    }

    private func select(_ key: String, in fixture: EditorFixture) throws {
        for _ in 0..<fixture.editor.model.rowCount where fixture.editor.model.selectedKey?.key != key {
            fixture.type(.character("j"))
        }
        try #require(fixture.editor.model.selectedKey?.key == key)
    }

    @Test func editingASecretStartsEmptyAndNoMessageShowsTheOldOrNewValue() throws {
        let fixture = try vault(stored: ["token": .string("OLD-s3cret")])
        try select("token", in: fixture)
        fixture.type(.key(.enter))
        #expect(fixture.editor.model.modal.editing?.line.text == "")
        #expect(!fixture.screen.contains("OLD-s3cret"))
        fixture.editor.step(type("NEW-s3cret") + [.key(.enter)])
        #expect(try fixture.store.suite("vault").primitiveValue(forKey: "token") == .string("NEW-s3cret"))
        #expect(fixture.editor.model.messages.current == "token = ••••")
        fixture.type()
        #expect(!fixture.screen.contains("NEW-s3cret"))
    }

    @Test func anotherProcesssValueIsMaskedInTheWarning() throws {
        let fixture = try vault(stored: ["token": .string("OLD-s3cret")])
        try select("token", in: fixture)
        fixture.type(.key(.enter))
        fixture.editor.receive([
            PersistentKeyValueChange(
                suite: "vault", key: "token", oldValue: nil, newValue: .string("THEIRS-s3cret"), origin: .otherProcess)
        ])
        fixture.editor.step(type("MINE") + [.key(.enter)])
        fixture.type()
        #expect(fixture.screen.contains("token was changed by another process to ••••"), "\(fixture.screen)")
        #expect(!fixture.screen.contains("THEIRS"))
    }

    @Test func thePickerOfASecretDoesNotMarkItsCurrentChoiceAndPlusDoesNotStepIt() throws {
        let fixture = try vault(stored: ["level": .string("high"), "pin": .int(4321)])
        try select("level", in: fixture)
        fixture.type(.key(.enter))
        #expect(
            fixture.editor.model.modal.picker?.selected == 0,
            "the cursor starts on the first choice, not the stored one")
        fixture.type(.key(.escape))
        try select("pin", in: fixture)
        fixture.type(.character("+"))
        #expect(fixture.editor.model.messages.current == #""pin" is secret: Enter types its new value"#)
        #expect(!fixture.screen.contains("4321"))
    }

    @Test func aSecretStoredUnderItsFormerNameIsNotFoundByItsValue() throws {
        let fixture = try vault(stored: ["apiKey": .string("FORMER-s3cret")])
        fixture.type(.key(.escape))
        fixture.editor.step([.character("/")] + type("FORMER"))
        #expect(fixture.editor.model.rows.searchMatches.isEmpty)
    }

    /// Sets `$VISUAL` to a script that copies what it is given to `received` and saves `reply`.
    private func externalEditor(in fixture: EditorFixture, reply: String) throws -> URL {
        let received = fixture.home.url.appendingPathComponent("received-\(UUID().uuidString.prefix(6))")
        let replyFile = fixture.home.url.appendingPathComponent("reply-\(UUID().uuidString.prefix(6))")
        try Data(reply.utf8).write(to: replyFile)
        let command = try editorScript(
            "#!/bin/sh\ncp \"$1\" '\(received.path)'\ncat '\(replyFile.path)' > \"$1\"\n",
            at: fixture.home.url.appendingPathComponent("editor-\(UUID().uuidString.prefix(6)).sh"))
        fixture.editor.externalEditor = ExternalTextEditor(environment: ["VISUAL": command, "PATH": "/usr/bin:/bin"])
        return received
    }

    @Test func eOnASecretHandsTheProgramAnEmptyText() throws {
        let fixture = try vault(stored: ["token": .string("OLD-s3cret")])
        try select("token", in: fixture)
        let received = try externalEditor(in: fixture, reply: "NEW-s3cret\n")
        fixture.type(.character("e"))
        #expect(try String(contentsOf: received, encoding: .utf8).trimmingCharacters(in: .newlines) == "")
        #expect(try fixture.store.suite("vault").primitiveValue(forKey: "token") == .string("NEW-s3cret"))
        #expect(fixture.editor.model.messages.current == "token = ••••")
    }

    /// `prefs write` refuses these; so does every way the editor writes.
    @Test(arguments: ["a\u{1B}[31mb", "bell\u{7}", "cr\rlf", "soh\u{1}", "nul\u{0}"])
    func textFromTheExternalEditorWithAControlCharacterIsRefused(text: String) throws {
        let fixture = try EditorFixture(width: 120, suite: "notes")
        try fixture.store.suite("notes").commit(["plain": .string("before")])
        fixture.type(.control("l"))
        try select("plain", in: fixture)
        let before = try Data(contentsOf: fixture.store.directory.appendingPathComponent("notes.plist"))
        _ = try externalEditor(in: fixture, reply: text)
        fixture.type(.character("e"))
        #expect(fixture.editor.model.messages.current?.contains("holds a control character") == true)
        #expect(try Data(contentsOf: fixture.store.directory.appendingPathComponent("notes.plist")) == before)
        // The line editor refuses it too, by the same rule.
        fixture.type(.key(.enter), .control("u"))
        fixture.editor.step(type(text) + [.key(.enter)])
        fixture.type()
        #expect(fixture.editor.model.modal.editing?.error?.contains("holds a control character") == true)
        #expect(try Data(contentsOf: fixture.store.directory.appendingPathComponent("notes.plist")) == before)
    }
}
