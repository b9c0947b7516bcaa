import Foundation
import PrefsCore
import PrefsTestHelpers
import PrefsTools
import Testing

@testable import PrefsCommandLine

/// A big undo is shown before it happens: `--dry-run` prints it, a terminal asks before more than one write, and
/// `--yes` skips the question.
@Suite(.threadOfItsOwn) struct UndoPreviewTests {
    /// A suite written three times: theme dark, then size 2, then theme black.
    private static func threeWrites() throws -> ToolFixture {
        let fixture = try ToolFixture()
        try WriteRequest(suite: "s", key: "theme", value: "dark").perform(in: fixture.context)
        try WriteRequest(suite: "s", key: "size", value: "2", type: .int).perform(in: fixture.context)
        try WriteRequest(suite: "s", key: "theme", value: "black").perform(in: fixture.context)
        return fixture
    }

    private static func values(_ fixture: ToolFixture) throws -> [String: PropertyListValue] {
        try fixture.context.existingSuite("s").primitiveValues()
    }

    @Test func aPlanShowsEveryWriteAndWritesNothing() throws {
        let fixture = try Self.threeWrites()
        let before = try Self.values(fixture)
        let plan = try UndoAction.plan("s", steps: 3, in: fixture.context)
        #expect(plan.steps.count == 3)
        #expect(plan.lines == ["theme: black -> dark", "size: 2 -> (unset)", "theme: dark -> (unset)"])
        #expect(try Self.values(fixture) == before)
    }

    @Test func aNoToTheQuestionUndoesNothing() throws {
        let fixture = try Self.threeWrites()
        let before = try Self.values(fixture)
        var shown: [String] = []
        #expect(throws: ToolError.self) {
            try UndoAction.undo(
                "s", steps: 3, after: nil, force: false,
                confirm: { preview in
                    shown = preview.lines
                    return false
                }, in: fixture.context)
        }
        #expect(shown.count == 3, "the question came after the writes were shown")
        #expect(try Self.values(fixture) == before)
    }

    @Test func oneWriteIsUndoneWithoutAQuestionAndAYesUndoesMany() throws {
        let fixture = try Self.threeWrites()
        var asked = 0
        let confirm: (UndoAction.Outcome) -> Bool = { _ in
            asked += 1
            return true
        }
        _ = try UndoAction.undo("s", steps: 1, after: nil, force: false, confirm: confirm, in: fixture.context)
        #expect(asked == 0)
        #expect(try Self.values(fixture)["theme"] == .string("dark"))
        _ = try UndoAction.undo("s", steps: 2, after: nil, force: false, confirm: confirm, in: fixture.context)
        #expect(asked == 1)
        #expect(try Self.values(fixture).isEmpty)
    }

    @Test func theCommandLineTakesDryRunAndYes() throws {
        let dry = try #require(try Prefs.parseAsRoot(["undo", "s", "--to", "5m", "--dry-run"]) as? Undo)
        #expect(dry.dryRun && !dry.yes && dry.to == "5m")
        let yes = try #require(try Prefs.parseAsRoot(["undo", "s", "--steps", "3", "--yes"]) as? Undo)
        #expect(yes.yes && yes.steps == 3)
    }
}
