import Foundation
import PrefsTUI
import PrefsTestHelpers
import Testing

/// What the editor says can be read whole: a message longer than its line wraps onto a second one, and what two lines
/// cannot hold is in the message log, `M`.
@Suite(.threadOfItsOwn) struct EditorMessageLogTests {
    /// A refusal whose way out comes at its end.
    private static func refuse(_ fixture: EditorFixture) {
        let path = "/nonexistent-folder/of-a-long-name/and-another-level/settings.plist"
        fixture.editor.step([.character(":")] + type("export \(path)") + [.key(.enter)])
        fixture.type()
    }

    @Test func aLongMessageWrapsOntoASecondLine() throws {
        let fixture = try EditorFixture(width: 100, height: 14, suite: "notes")
        Self.refuse(fixture)
        let message = try #require(fixture.editor.model.messages.current)
        #expect(message.count > 98, "\(message)")
        let lines = fixture.screen.split(separator: "\n", omittingEmptySubsequences: false)
        let shown = lines[lines.count - 3...lines.count - 2].map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(shown.joined(separator: " ") == message, "both lines hold the whole message: \(shown)")
    }

    @Test func whatTwoLinesCannotHoldIsInTheMessageLog() throws {
        let fixture = try EditorFixture(width: 40, height: 14, suite: "notes")
        Self.refuse(fixture)
        let message = try #require(fixture.editor.model.messages.current)
        #expect(fixture.screen.contains("… M shows all"))
        fixture.type(.character("M"))
        #expect(fixture.editor.model.screen == .messages)
        let log = fixture.screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(log.contains { $0.hasPrefix("<time>") }, "each message has its time")
        let words = message.split(separator: " ")
        #expect(words.allSatisfy { word in fixture.screen.contains(word) }, "every word of it: \(fixture.screen)")
        fixture.type(.key(.escape))
        #expect(fixture.editor.model.screen == .keys(suite: "notes"))
    }
}

/// The editor writes times as `prefs log` does: local time with its offset, or ISO 8601 in UTC when asked.
@Suite(.threadOfItsOwn) struct EditorTimeTests {
    private static let local = #"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} [+-]\d\d:\d\d"#
    private static let iso = #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"#

    @Test(arguments: [false, true])
    func theDetailsShowTheLastChangeAsTheLogDoes(utc: Bool) throws {
        let fixture = try EditorFixture(width: 130, height: 30, suite: "com.example.app")
        let data = EditorData(store: fixture.store, schemas: fixture.catalog, tools: fixture.tools, utc: utc)
        let editor = Editor(model: EditorModel(data: data, suite: "com.example.app"), backend: fixture.backend)
        editor.model.start()
        editor.draw()
        let text = try #require(fixture.backend.screen?.text)
        let line = try #require(text.split(separator: "\n").first { $0.contains("Last changes") })
        #expect(line.contains(try Regex(utc ? Self.iso : Self.local)), "\(line)")
        #expect(!line.contains(try Regex(utc ? Self.local : Self.iso)), "\(line)")
    }
}
