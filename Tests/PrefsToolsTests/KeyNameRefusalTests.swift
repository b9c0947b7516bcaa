import Foundation
import PrefsKit
import PrefsTestHelpers
import PrefsTools
import Testing

/// A refusal says what is wrong of what it is wrong with: a key's name, not its value.
@Suite(.threadOfItsOwn) struct KeyNameRefusalTests {
    @Test func aKeyNameXMLCannotHoldIsSaidOfTheName() throws {
        let fixture = try ToolFixture()
        try FileManager.default.createDirectory(at: fixture.configDirectory, withIntermediateDirectories: true)
        let file = fixture.configDirectory.appendingPathComponent("app.plist")
        try PropertyListSerialization.data(fromPropertyList: ["a\u{1B}b": "v"], format: .binary, options: 0)
            .write(to: file)
        let before = try Data(contentsOf: file)
        #expect {
            try fixture.context.write(["x": .string("y")], toSuite: "app", format: "xml")
        } throws: { error in
            "\(error)".hasPrefix(
                #"suite "app": key "a\eb": its name holds U+001B, which an XML property list cannot hold; "#)
        }
        #expect(try Data(contentsOf: file) == before)
    }
}
