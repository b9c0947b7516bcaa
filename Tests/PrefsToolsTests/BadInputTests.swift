import Foundation
import PrefsTestHelpers
import Testing

/// Bad input gets one line on standard error and a non-zero status, never a stack trace, and writes nothing: each
/// command line run in-process, as `prefs` runs it (``InProcessPrefs``).
@Suite(.threadOfItsOwn) struct BadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let status: Int32
        let message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "missing suite", arguments: ["read", "nope"], status: 1, message: #"no suite "nope""#),
        Case(name: "unknown key", arguments: ["read", "app", "nope"], status: 1, message: #"unknown key "nope""#),
        Case(
            name: "bad int", arguments: ["write", "app", "n", "12x", "--type", "int"], status: 1,
            message: #""12x" is not an integer"#),
        Case(
            name: "bad JSON", arguments: ["write", "app", "n", "[1,", "--type", "json"], status: 1,
            message: "is not valid JSON"),
        Case(
            name: "bad date", arguments: ["write", "app", "n", "yesterday", "--type", "date"], status: 1,
            message: "is not a date: give ISO 8601"),
        Case(
            name: "suite with a slash", arguments: ["write", "../x", "k", "v"], status: 1, message: "invalid suite name"
        ),
        Case(
            name: "hidden suite", arguments: ["write", ".hidden", "k", "v"], status: 1, message: "invalid suite name"),
        Case(
            name: "escape sequence in a value", arguments: ["write", "app", "k", "\u{1B}]0;owned\u{7}"], status: 1,
            message: #"holds a control character (\e)"#),
        Case(
            name: "escape sequence in a key", arguments: ["write", "app", "k\u{1B}[2J", "v"], status: 1,
            message: "holds a control character"),
        Case(name: "corrupt suite read", arguments: ["read", "broken"], status: 1, message: "is unreadable"),
        Case(
            name: "corrupt suite write", arguments: ["write", "broken", "k", "v"], status: 1, message: "is unreadable"),
        Case(
            name: "unknown subcommand", arguments: ["frobnicate"], status: 64,
            message: "unknown command \"frobnicate\"; prefs --help lists the commands"),
        Case(
            name: "missing argument", arguments: ["write", "app", "k"], status: 64,
            message: "prefs: give a value, or --value-file FILE; prefs write --help shows the usage"
        ),
        Case(
            name: "unknown type", arguments: ["write", "app", "k", "v", "--type", "uuid"], status: 64, message: "uuid"),
        Case(name: "key and --all", arguments: ["delete", "app", "k", "--all"], status: 64, message: "not both"),
        Case(name: "nothing to undo", arguments: ["undo", "plain"], status: 1, message: "nothing to undo"),
    ]

    @Test(arguments: cases)
    func badInputFailsCleanlyAndWritesNothing(_ badCase: Case) throws {
        let fixture = try ToolFixture()
        let prefs = InProcessPrefs(fixture: fixture)
        #expect(try prefs.run("write", "app", "keep", "1").status == 0)
        #expect(
            FileManager.default.fileExists(atPath: fixture.configDirectory.appendingPathComponent("app.plist").path),
            "the command wrote into the fixture's folder, which stands for XDG_CONFIG_HOME")
        // A suite a plain UserDefaults program wrote: it has no journal.
        let plain = try PropertyListSerialization.data(fromPropertyList: ["k": "v"], format: .xml, options: 0)
        try plain.write(to: fixture.configDirectory.appendingPathComponent("plain.plist"))
        try Data("not a plist".utf8).write(to: fixture.configDirectory.appendingPathComponent("broken.plist"))
        let before = try snapshot(fixture.configDirectory)
        let result = prefs.run(badCase.arguments)
        #expect(result.status == badCase.status)
        #expect(result.error.contains(badCase.message), "stderr: \(result.error)")
        // Every failure, a usage error too, is one line naming what is wrong.
        if badCase.status == 1 || badCase.status == 64 {
            #expect(result.error.split(separator: "\n").count == 1)
            #expect(result.error.hasPrefix("prefs: "))
        }
        // No raw escape character reaches the terminal through the message.
        #expect(!result.error.unicodeScalars.contains("\u{1B}"))
        #expect(try snapshot(fixture.configDirectory) == before)
    }

    /// Every file in the configuration directory with its bytes; lock files are left out, as empty and never replaced.
    private func snapshot(_ folder: URL) throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        var files: [String: Data] = [:]
        for name in names where !name.hasSuffix(".lock") {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }
}
