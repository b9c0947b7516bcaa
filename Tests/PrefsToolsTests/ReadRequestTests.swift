import Foundation
import PrefsKit
import PrefsTestHelpers
import PrefsTools
import Testing

/// `prefs read`, in-process: what it prints, and that an unreadable suite never hides the readable ones.
@Suite(.threadOfItsOwn, .damagedFilesReadOnce) struct ReadRequestTests {
    @Test func readingEverySuitePrintsTheReadableOnesThenTheErrors() throws {
        let fixture = try ToolFixture()
        try WriteRequest(suite: "alpha", key: "a", value: "1").perform(in: fixture.context)
        try WriteRequest(suite: "omega", key: "z", value: "back\\slash").perform(in: fixture.context)
        try Data("<plist><dict><key>x</key>".utf8).write(
            to: fixture.configDirectory.appendingPathComponent("broken.plist"))
        let result = fixture.run { try ReadRequest(suite: nil).perform(in: fixture.context) }
        #expect(result.output == "alpha a = 1\nomega z = back\\\\slash\n")
        let thrown = try #require(result.thrown)
        #expect("\(thrown)".contains("broken"))
        #expect(result.error.isEmpty, "one unreadable suite is the thrown error, not also a line")

        // Under --json the readable suites are still printed.
        let json = fixture.run { try ReadRequest(suite: nil, json: true).perform(in: fixture.context) }
        #expect(json.output.contains("\"alpha\"") && json.output.contains("\"omega\""))
        #expect(json.thrown != nil)
    }

    @Test func aGroupPatternListsItsKeysUnlessAKeyIsNamedSo() throws {
        let fixture = try ToolFixture()
        try WriteRequest(suite: "app", key: "editor.font", value: "mono").perform(in: fixture.context)
        try WriteRequest(suite: "app", key: "other", value: "x").perform(in: fixture.context)
        let group = fixture.run { try ReadRequest(suite: "app", key: "editor.*").perform(in: fixture.context) }
        #expect(group.output == "editor.font = mono\n")
        try WriteRequest(suite: "app", key: "editor.*", value: "literal").perform(in: fixture.context)
        let named = fixture.run { try ReadRequest(suite: "app", key: "editor.*").perform(in: fixture.context) }
        #expect(named.output == "literal\n")
    }
}
