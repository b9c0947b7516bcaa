import Foundation
import PrefsTestHelpers
import Testing

/// Every path keeps types and precision: plain JSON names no types, so an import keeps each stored key's type as
/// `prefs write` does, a duplicate key is an error, and a date is never truncated.
@Suite(.threadOfItsOwn) struct ImportKeepsTypesTests {
    private static func typedSuite() throws -> InProcessPrefs {
        let cli = try InProcessPrefs()
        try cli.run("write", "s", "n", "7", "--type", "int")
        try cli.run("write", "s", "ratio", "1.5", "--type", "float")
        try cli.run("write", "s", "blob", "aGk=", "--type", "data")
        try cli.run("write", "s", "when", "2026-11-24T12:48:50Z", "--type", "date")
        try cli.run("write", "s", "name", "x")
        return cli
    }

    private static let types =
        "blob (data) = aGk=\nn (int) = 7\nname (string) = x\nratio (float) = 1.5\n"
        + "when (date) = 2026-11-24T12:48:50Z\n"

    @Test func plainJSONKeepsEveryStoredType() throws {
        let cli = try Self.typedSuite()
        let document = #"{"n": 8, "ratio": 2, "blob": "aGV5", "when": "2026-11-25T00:00:00Z", "name": "y"}"#
        let result = try cli.run("import", "s", "-", input: Data(document.utf8))
        #expect(result.status == 0, "\(result.error)")
        #expect(
            try cli.run("read", "s", "--types").output
                == "blob (data) = aGV5\nn (int) = 8\nname (string) = y\nratio (float) = 2.0\n"
                + "when (date) = 2026-11-25T00:00:00Z\n")
    }

    @Test(arguments: [
        (#"{"n": "hello"}"#, #"key "n" holds an int, and the document gives a string"#),
        (#"{"when": "tomorrow"}"#, #"key "when" holds a date, and the document gives a string"#),
        (#"{"blob": 3}"#, #"key "blob" holds a data, and the document gives an int"#),
        (#"{"ratio": "1.5"}"#, #"key "ratio" holds a float, and the document gives a string"#),
        (#"{"name": 3}"#, #"key "name" holds a string, and the document gives an int"#),
    ])
    func aTypeChangeIsRefusedNamingTheKey(document: String, message: String) throws {
        let cli = try Self.typedSuite()
        let before = try Data(contentsOf: cli.suiteFile("s"))
        let result = try cli.run("import", "s", "-", "--replace", input: Data(document.utf8))
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("prefs: -: \(message); nothing was imported"), "\(result.error)")
        #expect(try Data(contentsOf: cli.suiteFile("s")) == before)
        #expect(try cli.run("read", "s", "--types").output == Self.types)
    }

    @Test func aDuplicateKeyIsAnError() throws {
        let cli = try Self.typedSuite()
        let before = try Data(contentsOf: cli.suiteFile("s"))
        for document in [
            #"{"n": 3, "n": 4}"#, #"{"format": "prefs-typed-json/1", "values": {"n": {"int": 3}, "n": {"int": 4}}}"#,
        ] {
            let result = try cli.run("import", "s", "-", input: Data(document.utf8))
            #expect(result.status == 1)
            #expect(result.error.contains(#"names "n" twice in one object"#), "\(result.error)")
        }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>n</key><integer>1</integer><key>n</key><integer>2</integer></dict></plist>
            """
        let duplicated = try cli.run("import", "s", "-", input: Data(plist.utf8))
        #expect(duplicated.status == 1)
        #expect(duplicated.error == "prefs: - cannot be imported: it holds the key \"n\" twice\n")
        #expect(try Data(contentsOf: cli.suiteFile("s")) == before)
    }

    /// XML property lists keep dates to the second: a fraction is refused, never cut, by `write` and `import`.
    @Test func aDateFractionIsRefusedNotTruncated() throws {
        let cli = try Self.typedSuite()
        let before = try Data(contentsOf: cli.suiteFile("s"))
        let write = try cli.run("write", "s", "when", "2026-11-24T12:48:50.804Z", "--type", "date")
        #expect(write.status == 1)
        #expect(
            write.error
                == "prefs: key \"when\": 2026-11-24T12:48:50.804Z has a precision the suite cannot keep (it would hold "
                + "2026-11-24T12:48:50Z); nothing was written\n")
        let typed = #"{"format": "prefs-typed-json/1", "values": {"when": {"date": "2026-11-24T12:48:50.804Z"}}}"#
        for document in [#"{"when": "2026-11-24T12:48:50.804Z"}"#, typed] {
            let result = try cli.run("import", "s", "-", input: Data(document.utf8))
            #expect(result.status == 1)
            #expect(result.error.contains("2026-11-24T12:48:50.804Z has a precision the suite cannot keep"))
        }
        #expect(try Data(contentsOf: cli.suiteFile("s")) == before)
    }
}
