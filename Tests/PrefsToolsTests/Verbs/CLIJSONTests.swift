import Foundation
import PrefsTestHelpers
import Testing

/// `--json` everywhere: every command prints JSON or refuses the flag, errors are one JSON object with a stable code,
/// and problems read as sentences.
@Suite(.threadOfItsOwn) struct CLIJSONTests {
    /// A configuration with a schema, values, an exported file and a dump, so that every command has work to do.
    private func configured() throws -> (cli: InProcessPrefs, files: URL) {
        let cli = try InProcessPrefs()
        let files = cli.home.url
        try Data(SchemaFixtures.verbs.utf8).write(to: files.appendingPathComponent("app.schema.json"))
        #expect(try cli.run("schema", "install", files.appendingPathComponent("app.schema.json").path).status == 0)
        try cli.run("write", "app", "size", "14")
        try cli.run("write", "app", "theme", "dark")
        try cli.run("write", "plain", "n", "3", "-t", "int")
        try cli.run("export", "plain", "-o", files.appendingPathComponent("plain.plist").path)
        try cli.run("dump", "-o", files.appendingPathComponent("dump.json").path)
        try Data("<plist><dict><key>a".utf8).write(to: cli.suiteFile("broken"))
        return (cli, files)
    }

    /// One command line per subcommand, in the order they run, without `--json`; `nil` marks a command that refuses
    /// the flag.
    private func commandLines(_ files: URL) -> KeyValuePairs<String, [String]?> {
        let file = { files.appendingPathComponent($0).path }
        return [
            "recover": ["recover", "broken"],
            "suites": ["suites"],
            "read": ["read", "app"],
            "read-type": ["read-type", "app", "size"],
            "write": ["write", "plain", "m", "4", "-t", "int"],
            "delete": ["delete", "plain", "m"],
            "rename": ["rename", "plain", "n", "k"],
            "migrate": ["migrate", "app"],
            "watch": ["watch", "--help"],  // Streams JSON lines; CLIWatchTests reads them.
            "record": nil,  // Writes a shell script.
            "apply": nil,  // Reads a shell script; says what it applied on standard error.
            "export": ["export", "plain"],
            "import": ["import", "other", file("plain.plist")],
            "find": ["find", "size"],
            "diff": ["diff", "app"],
            "log": ["log", "app"],
            "undo": ["undo", "app"],
            "redo": ["redo", "app"],
            "dump": ["dump"],
            "load": ["load", file("dump.json")],
            "describe": ["describe", "app", "theme"],
            "range": ["range", "app", "size"],
            "schema": ["schema", "show", "app"],
            "tui": nil,
            "demo": nil,
        ]
    }

    @Test func everyCommandPrintsJSONOrRefusesTheFlag() throws {
        let (cli, files) = try configured()
        let help = try cli.run("--help").output
        let listed = help.components(separatedBy: "SUBCOMMANDS:").last?.split(separator: "\n").compactMap { line in
            let name = line.split(separator: " ").first.map(String.init)
            return line.hasPrefix("  ") && !line.hasPrefix("   ") && name?.first?.isLowercase == true ? name : nil
        }
        let lines = commandLines(files)
        #expect(Set(try #require(listed)) == Set(lines.map(\.key)), "a new command needs a line here")
        for (name, arguments) in lines {
            guard let arguments else {
                let refused = try cli.run(name, "--json")
                #expect(refused.status == 64, "\(name)")
                #expect(try Self.object(refused.error)["code"] as? String == "usage", "\(name)")
                continue
            }
            if name == "watch" { continue }
            let result = cli.run(arguments + ["--json"])
            #expect(result.status == 0, "\(name): \(result.error)")
            #expect(Self.isJSON(result.output), "\(name) printed \(result.output)")
        }
        for schemaCommand in [["list"], ["install", files.appendingPathComponent("app.schema.json").path]] {
            let result = cli.run(["schema"] + schemaCommand + ["--json"])
            #expect(result.status == 0 && Self.isJSON(result.output), "schema \(schemaCommand[0])")
        }
        let uninstall = try cli.run("schema", "uninstall", "app", "--json")
        #expect(try Self.object(uninstall.output)["uninstalled"] as? Bool == true)
    }

    @Test func writesReportWhatTheyChanged() throws {
        let cli = try InProcessPrefs()
        let write = try cli.run("--json", "write", "S", "n", "-7", "-t", "int")
        #expect(write.output == #"{"changed":["n"],"suite":"S"}"# + "\n")
        #expect(try cli.run("rename", "S", "n", "m", "--json").output == #"{"changed":["m","n"],"suite":"S"}"# + "\n")
        #expect(try cli.run("delete", "S", "m", "--json").output == #"{"changed":["m"],"suite":"S"}"# + "\n")
        #expect(try cli.run("write", "S", "n", "1").status == 0)
        #expect(try cli.run("write", "S", "n", "1", "--json").output == #"{"changed":["n"],"suite":"S"}"# + "\n")
    }

    @Test(arguments: [
        (["read", "nosuch"], "no-suite", 1),
        (["read", "app", "nothing"], "no-key", 1),
        (["write", "app", "size", "huge"], "invalid-value", 1),
        (["write", "app", "size", "99"], "invalid-value", 1),
        (["write", "app", "unknown", "1"], "not-in-schema", 1),
        (["describe", "plain", "unset"], "no-schema", 1),
        (["write", "app"], "usage", 64),
        (["read", "--bogus"], "usage", 64),
        (["write", "..", "k", "v"], "invalid-suite-name", 1),
        (["read", "broken"], "corrupt", 1),
        (["undo", "plain", "--steps", "9"], "nothing-to-undo", 1),
    ])
    func errorsAreOneJSONObjectWithAStableCode(arguments: [String], code: String, status: Int32) throws {
        let (cli, _) = try configured()
        let before = try snapshot(cli)
        for line in [arguments + ["--json"], ["--json"] + arguments] {
            let result = cli.run(line)
            #expect(result.status == status, "\(line)")
            #expect(result.output.isEmpty)
            #expect(result.error.hasSuffix("\n") && result.error.dropLast().split(separator: "\n").count == 1)
            let object = try Self.object(result.error)
            #expect(object["code"] as? String == code, "\(line): \(result.error)")
            #expect(object["status"] as? Int == Int(status))
            #expect((object["message"] as? String)?.isEmpty == false)
        }
        #expect(try snapshot(cli) == before)
        // Without --json the same failure is the usual one line of text.
        let text = cli.run(arguments)
        #expect(text.status == status)
        #expect(!text.error.hasPrefix("{"))
    }

    @Test func aValueAfterTheSeparatorIsNotTheFlag() throws {
        let cli = try InProcessPrefs()
        let result = try cli.run("write", "S", "k", "--", "--json")
        #expect(result.status == 0 && result.output.isEmpty)
        #expect(try cli.run("read", "S", "k").output == "--json\n")
    }

    @Test func problemsReadAsSentences() throws {
        let (cli, _) = try configured()
        // A foreign writer stores a string where the schema declares an int.
        let plist = try PropertyListSerialization.data(
            fromPropertyList: ["size": "993x"], format: .xml, options: 0)
        try plist.write(to: cli.suiteFile("app"))
        let diff = try cli.run("diff", "app").output
        #expect(diff.contains(#"stored value "993x" is a string, not an integer"#), "\(diff)")
        #expect(!diff.contains("wrongType"))
        let bool = try cli.run("write", "plain", "flag", "maybe", "-t", "bool")
        #expect(bool.error == "prefs: invalid bool value: \"maybe\" is not a Boolean (true or false)\n")
    }

    @Test func schemaShowKeepsDescriptions() throws {
        let (cli, _) = try configured()
        let lines = try cli.run("schema", "show", "app").lines
        let theme = try #require(lines.firstIndex { $0.hasPrefix("theme (string)") })
        #expect(lines[theme].hasSuffix("# Colour theme"))
        #expect(lines[theme + 1] == "    The theme every window is drawn in.")
        #expect(lines.contains { $0.hasPrefix("frame (string)") && $0.contains("[volatile]") })
    }

    /// The suites' files; a read may leave the suite's empty lock file, which holds nothing.
    private func snapshot(_ cli: InProcessPrefs) throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.configDirectory.path)
            .filter { !$0.hasSuffix(".lock") }
        return try Dictionary(
            uniqueKeysWithValues: names.map {
                ($0, try Data(contentsOf: cli.configDirectory.appendingPathComponent($0)))
            })
    }

    private static func isJSON(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        if (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil { return true }
        return text.split(separator: "\n").allSatisfy {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil
        }
    }

    private static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
}
