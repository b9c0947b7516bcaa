import Foundation
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// A failure is reported as a failure: one line on standard error, exit status 1, nothing written.
///
/// An empty success
/// would let a backup script save an empty file, or a value slip past a check.
@Suite(.threadOfItsOwn) struct ErrorsAreErrorsTests {
    @Test(.enabled(if: getuid() == 0, "reading as another user needs root"))
    func aSuiteTheUserCannotReadFailsReadExportAndFind() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "secret", "token", "abc")
        #expect(chmod(cli.suiteFile("secret").path, 0o600) == 0)
        // Another user, with the directory open to them but not the suite's file.
        #expect(chmod(cli.home.path, 0o755) == 0 && chmod(cli.configDirectory.path, 0o755) == 0)
        let otherHome = try TemporaryDirectory(prefix: "prefs-other")
        #expect(chown(otherHome.path, 4343, 4343) == 0)
        let prefs = try ChildProcess.executable(named: "prefs").path
        for arguments in [["read", "secret"], ["read", "--json", "secret"], ["export", "secret"], ["find", "abc"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments =
                ["--reuid=4343", "--regid=4343", "--clear-groups", "--", prefs] + arguments
                + ["--config-dir", cli.configDirectory.path]
            process.environment = [
                "HOME": otherHome.path, "XDG_STATE_HOME": otherHome.url.appendingPathComponent("state").path,
                "XDG_DATA_HOME": otherHome.url.appendingPathComponent("data").path,
            ]
            let output = Pipe()
            let error = Pipe()
            process.standardOutput = output
            process.standardError = error
            try process.run()
            let printed = output.fileHandleForReading.readDataToEndOfFile()
            let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 1, "\(arguments)")
            #expect(printed.isEmpty, "\(arguments)")
            // Under --json the same line is a JSON object.
            let text =
                arguments.contains("--json")
                ? try #require(
                    try JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any])["message"] as? String
                : message
            #expect(
                text?.contains("suite \"secret\" cannot be read") == true && text?.contains("permission denied") == true
            )
        }
    }

    @Test(arguments: [
        (#"{"a":"\u001b[31m"}"#, "holds a control character"),
        (#"["ok",["\u0007"]]"#, "holds a control character"),
        (#"{"\u001b]0;title\u0007":1}"#, "holds a control character"),
        ("18446744073709551616", "is outside the integers a property list holds"),
        ("-9223372036854775809", "is outside the integers a property list holds"),
        ("1e400", "is not a finite number"),
        (
            String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
            "nests arrays or objects deeper than 512"
        ),
    ])
    func jsonValuesObeyTheSameRulesAsText(json: String, message: String) throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "app", "existing", "1")
        let before = try Data(contentsOf: cli.suiteFile("app"))
        let result = try cli.run("write", "app", "--type", "json", "--", "value", json)
        #expect(result.status == 1)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(!result.error.utf8.contains(0x1B))
        #expect(try Data(contentsOf: cli.suiteFile("app")) == before)
    }

    @Test func integersToUInt64MaxAreStoredExactly() throws {
        let cli = try InProcessPrefs()
        #expect(try cli.run("write", "app", "big", "18446744073709551615", "--type", "json").status == 0)
        #expect(try cli.run("write", "app", "int", "18446744073709551615", "--type", "int").status == 0)
        #expect(try cli.run("read", "app", "big").output == "18446744073709551615\n")
        #expect(try cli.run("read", "app", "int").output == "18446744073709551615\n")
        let text = try String(contentsOf: cli.suiteFile("app"), encoding: .utf8)
        #expect(text.contains("<integer>18446744073709551615</integer>"))
    }

    @Test(arguments: [
        "2024-02-30", "2023-02-29", "2024-02-30T00:00:00Z", "2024-01-01T24:00:00Z", "2024-13-01",
        "2024-04-31T10:00:00+02:00",
    ])
    func impossibleDatesAreRefused(text: String) throws {
        let cli = try InProcessPrefs()
        let result = try cli.run("write", "app", "when", text, "--type", "date")
        #expect(result.status == 1)
        #expect(result.error.contains("is not a date: give ISO 8601"))
        #expect(!FileManager.default.fileExists(atPath: cli.suiteFile("app").path))
    }

    @Test func possibleDatesAreStoredAsTyped() throws {
        let cli = try InProcessPrefs()
        #expect(try cli.run("write", "app", "leap", "2024-02-29", "--type", "date").status == 0)
        #expect(try cli.run("write", "app", "zoned", "2024-04-30T10:00:00+02:00", "--type", "date").status == 0)
        #expect(try cli.run("read", "app", "leap").output == "2024-02-29T00:00:00Z\n")
        #expect(try cli.run("read", "app", "zoned").output == "2024-04-30T08:00:00Z\n")
    }

    @Test func exportWritesNoRawControlCharacterInEitherFormat() throws {
        let cli = try InProcessPrefs()
        try FileManager.default.createDirectory(at: cli.configDirectory, withIntermediateDirectories: true)
        // A value another program stored, with an escape sequence that would retitle a terminal.
        let hostile = "\u{1B}]0;owned\u{7}\u{9B}31m"
        try PropertyListSerialization.data(fromPropertyList: ["title": hostile], format: .xml, options: 0)
            .write(to: cli.suiteFile("app"))
        let json = try cli.run("export", "app", "--format", "json")
        #expect(json.status == 0)
        #expect(!json.output.utf8.contains(0x1B) && !json.output.utf8.contains(0x07))
        #expect(!json.output.unicodeScalars.contains("\u{9B}"))
        // XML 1.0 cannot hold an escape or a bell even as a reference (plistlib rejects `&#27;`): refused, with the
        // way out, and nothing written.
        let xml = try cli.run("export", "app", "--format", "plist")
        #expect(xml.status != 0 && xml.output.isEmpty)
        #expect(
            xml.error.contains(#"key "title" holds a string holding U+001B"#) && xml.error.contains("--format binary"))
        // And a binary export holds the very same value.
        let file = cli.home.url.appendingPathComponent("app.bplist")
        #expect(try cli.run("export", "app", "--format", "binary", "-o", file.path).status == 0)
        let object = try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil)
        #expect((object as? [String: Any])?["title"] as? String == hostile)
    }

    @Test(arguments: [
        (#""default":5,"range":{"min":0,"max":3}"#, "outside its \"range\""),
        (#""default":"pink","choices":["red","green"]"#, "not one of its \"choices\""),
        (#""default":"red","choices":"red,green""#, "invalid \"choices\": expected an array"),
        (#""default":"red","choices":["red",7]"#, "invalid \"choices\""),
        (#""kind":"bool","default":"red""#, "\"kind\" bool, which cannot be stored as string"),
    ])
    func aManifestThatContradictsItselfIsRefused(fields: String, message: String) throws {
        let cli = try InProcessPrefs()
        let storage = fields.contains("\"range\"") ? "int" : "string"
        let kind = fields.contains("\"kind\"") ? "" : #""kind":"\#(storage == "int" ? "int" : "enum")","#
        let manifest = cli.home.url.appendingPathComponent("app.json")
        try Data(
            #"{"format":"prefs-schema","version":1,"suite":"app","keys":[{"id":"k",\#(kind)"storage":"\#(storage)",\#(fields)}]}"#
                .utf8
        ).write(to: manifest)
        let result = try cli.run("schema", "install", manifest.path)
        #expect(result.status == 1)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(try cli.run("schema", "list").output.isEmpty)
    }
}
