import Foundation
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import Testing

/// The editor records too: `:record FILE` saves this session's changes, and the change log saves what it lists, as
/// the script `prefs record` writes and `prefs apply` reads.
@Suite(.threadOfItsOwn) struct EditorRecordTests {
    @Test func recordSavesWhatThisSessionsWritesLeftEachKeyAs() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let file = fixture.home.url.appendingPathComponent("session.sh")
        fixture.editor.step([.character(":")] + type("record \(file.path)"))
        fixture.type(.key(.enter))
        #expect(fixture.editor.model.messages.current == "nothing to record: no write this session")
        // showsTips toggled twice ends as it began: its final value is what is recorded. theme: picked, then undone.
        fixture.type(.key(.home), .character("j"), .character("j"), .character(" "), .character(" "))
        fixture.type(.character("k"), .character("k"), .key(.enter), .key(.home), .key(.enter))
        fixture.type(.character("u"))
        fixture.editor.step([.character(":")] + type("record \(file.path)"))
        fixture.type(.key(.enter))
        #expect(fixture.editor.model.messages.current?.hasPrefix("recorded 2 keys to ") == true, "\(fixture.screen)")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.contains("prefs write --type bool -- 'com.example.app' 'showsTips' 'true'"), "\(lines)")
        #expect(lines.contains("prefs write --type string -- 'com.example.app' 'theme' 'dark'"), "\(lines)")
        #expect(lines.first == "#!/bin/sh")
        // A file that exists is never replaced.
        fixture.editor.step([.character(":")] + type("record \(file.path)"))
        fixture.type(.key(.enter))
        #expect(fixture.editor.model.messages.current?.contains("exists; nothing was written") == true)
    }

    @Test func theChangeLogSavesWhatItListsWithOneKey() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        fixture.editor.receive([
            PersistentKeyValueChange(
                suite: "com.example.app", key: "theme", oldValue: .string("dark"), newValue: .string("black"),
                origin: .otherProcess, writer: .init(pid: 4242, processName: "mail-sync", time: Date()))
        ])
        fixture.type(.character("w"))
        #expect(fixture.screen.contains("theme"))
        fixture.type(.character("s"))
        let message = try #require(fixture.editor.model.messages.current)
        #expect(message.hasPrefix("recorded 1 key to "), "\(message)")
        let path = String(message.dropFirst("recorded 1 key to ".count))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(URL(fileURLWithPath: path).lastPathComponent.hasPrefix("prefs-changes-"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("prefs write --type string -- 'com.example.app' 'theme' 'black'"), "\(text)")
        // Elsewhere, s is not the change log's.
        fixture.type(.key(.escape))
        #expect(fixture.editor.model.screen != .changeLog)
    }
}
