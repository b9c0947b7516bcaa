import Foundation
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import Testing

/// `e`: a value edited in `$VISUAL`, played by a shell script that records what it was given and saves a reply.
@Suite(.threadOfItsOwn) struct EditorExternalEditTests {
    /// An editor script: it copies the file it opens to `received`, then overwrites it with `reply`.
    private func editor(in fixture: EditorFixture, reply: String) throws -> (script: URL, received: URL) {
        let script = fixture.home.url.appendingPathComponent("editor-\(UUID().uuidString.prefix(6)).sh")
        let received = fixture.home.url.appendingPathComponent("received-\(UUID().uuidString.prefix(6))")
        let replyFile = fixture.home.url.appendingPathComponent("reply-\(UUID().uuidString.prefix(6))")
        try Data(reply.utf8).write(to: replyFile)
        let command = try editorScript(
            "#!/bin/sh\ncp \"$1\" '\(received.path)'\ncat '\(replyFile.path)' > \"$1\"\n", at: script)
        fixture.editor.externalEditor = ExternalTextEditor(environment: ["VISUAL": command, "PATH": "/usr/bin:/bin"])
        return (script, received)
    }

    private func select(_ key: String, in fixture: EditorFixture) {
        for _ in 0..<fixture.editor.model.rowCount where fixture.editor.model.selectedKey?.key != key {
            fixture.type(.character("j"))
        }
    }

    @Test func aDictionaryOpensAsPrettyJSONAndTheSavedTextIsWritten() throws {
        let fixture = try EditorFixture(width: 100, suite: "notes")
        try fixture.store.suite("notes").setPrimitiveValues(["window": .dictionary(["w": .int(10), "h": .int(20)])])
        fixture.type(.control("l"))
        select("window", in: fixture)
        let (_, received) = try editor(in: fixture, reply: "{\"w\": 11, \"h\": 20, \"title\": \"main\"}\n")
        fixture.type(.character("e"))
        #expect(fixture.backend.suspensions == 1)
        let given = try String(contentsOf: received, encoding: .utf8)
        #expect(given == "{\n  \"h\" : 20,\n  \"w\" : 10\n}\n", "\(given)")
        #expect(
            try fixture.store.suite("notes").primitiveValue(forKey: "window")
                == .dictionary(["w": .int(11), "h": .int(20), "title": .string("main")]))
        // No file of the value is left behind.
        #expect(!FileManager.default.fileExists(atPath: received.deletingLastPathComponent().path + "/window.json"))
    }

    @Test func aRefusedValueIsSaidAndItsTextIsOpenedAgain() throws {
        let fixture = try EditorFixture(width: 120, suite: "com.example.app")
        select("fontScale", in: fixture)
        _ = try editor(in: fixture, reply: "99\n")
        fixture.type(.character("e"))
        #expect(fixture.screen.contains("not written: invalid value for \"fontScale\""), "\(fixture.screen)")
        #expect(fixture.screen.contains("e edits your text again"))
        #expect(try fixture.store.suite("com.example.app").primitiveValue(forKey: "fontScale") == .int(7))

        let (_, received) = try editor(in: fixture, reply: "2.5\n")
        fixture.type(.character("e"))
        #expect(try String(contentsOf: received, encoding: .utf8) == "99\n", "the refused text comes back")
        #expect(try fixture.store.suite("com.example.app").primitiveValue(forKey: "fontScale") == .double(2.5))
    }

    /// Quitting the editor without saving (`:q!`) after a refusal cancels the edit and drops the refused text.
    @Test func aFileBackUnchangedCancelsTheEditAndDropsTheRefusedText() throws {
        let fixture = try EditorFixture(width: 120, suite: "com.example.app")
        select("fontScale", in: fixture)
        _ = try editor(in: fixture, reply: "99\n")
        fixture.type(.character("e"))
        #expect(fixture.editor.model.messages.current?.contains("e edits your text again") == true)

        // The script saves what it was given: the refused text, unchanged.
        let (script, received) = try editor(in: fixture, reply: "")
        _ = try editorScript("#!/bin/sh\ncp \"$1\" '\(received.path)'\n", at: script)
        fixture.type(.character("e"))
        #expect(try String(contentsOf: received, encoding: .utf8) == "99\n")
        #expect(
            fixture.editor.model.messages.current
                == "fontScale unchanged; nothing was written, and your refused text is dropped")
        fixture.type(.character("e"))
        #expect(try String(contentsOf: received, encoding: .utf8) == "7\n", "the next e starts from the stored value")
        #expect(try fixture.store.suite("com.example.app").primitiveValue(forKey: "fontScale") == .int(7))
    }

    @Test func aWriteByAnotherProcessMeanwhileIsNotOverwritten() throws {
        let fixture = try EditorFixture(suite: "notes")
        select("greeting", in: fixture)
        let script = fixture.home.url.appendingPathComponent("racing.sh")
        // The "editor" is slow enough for another writer, an app on PrefsKit: it changes the suite before saving.
        let suite = fixture.store.directory.path
        let app = try ChildProcess.executable(named: "prefs-test-helper").path
        let command = try editorScript(
            """
            #!/bin/sh
            printf 'mine' > "$1"
            PREFS_TEST_JOURNAL='\(fixture.store.journalDirectory.path)' '\(app)' set-string '\(suite)' notes greeting theirs
            """, at: script)
        fixture.editor.externalEditor = ExternalTextEditor(environment: ["VISUAL": command])
        fixture.type(.character("e"))
        #expect(fixture.screen.contains("another process changed greeting to theirs"), "\(fixture.screen)")
        #expect(try fixture.store.suite("notes").primitiveValue(forKey: "greeting") == .string("theirs"))
    }

    @Test func anEditorThatFailsWritesNothing() throws {
        let fixture = try EditorFixture(suite: "notes")
        select("wide", in: fixture)
        fixture.editor.externalEditor = ExternalTextEditor(environment: ["EDITOR": "false"])
        fixture.type(.character("e"))
        #expect(fixture.screen.contains("not written: the editor (false) exited with status 1"))
        #expect(try fixture.store.suite("notes").primitiveValue(forKey: "wide") == .string("漢字テスト"))
    }
}
