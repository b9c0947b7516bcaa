import Foundation
import PrefsTestHelpers
import Testing

/// Types are kept: a write without `--type` keeps the stored type, reads can name types, typed JSON round-trips, and
/// negative numbers need no `--`.
@Suite(.threadOfItsOwn) struct CLITypesTests {
    @Test func aWriteWithoutATypeKeepsTheStoredTypeOrRefusesNamingIt() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "app", "count", "42", "--type", "int")
        try cli.run("write", "app", "ratio", "0.5", "--type", "float")
        #expect(try cli.run("write", "app", "count", "43").status == 0)
        #expect(try cli.run("write", "app", "ratio", "2").status == 0)
        #expect(try cli.run("read", "app", "--types").lines == ["count (int) = 43", "ratio (float) = 2.0"])
        let before = try Data(contentsOf: cli.suiteFile("app"))
        let refused = try cli.run("write", "app", "count", "43x")
        #expect(refused.status == 1)
        #expect(
            refused.error
                == "prefs: key \"count\" holds an int, and \"43x\" is not one; nothing was written "
                + "(give --type to store another type)\n")
        #expect(try Data(contentsOf: cli.suiteFile("app")) == before)
        // An explicit type is a deliberate change.
        #expect(try cli.run("write", "app", "count", "43x", "--type", "string").status == 0)
        #expect(try cli.run("read-type", "app", "count").output == "string\n")
    }

    @Test func negativeNumbersNeedNoSeparatorOnEitherParsingPath() throws {
        let cli = try InProcessPrefs()
        #expect(try cli.run("write", "app", "n", "-7", "--type", "int").status == 0)
        // `--type=float` is not a form the fast path reads, so argument-parser reads this one.
        #expect(try cli.run("write", "app", "x", "-2.5", "--type=float").status == 0)
        #expect(try cli.run("write", "app", "n", "-8").status == 0)
        #expect(try cli.run("read", "app", "--types").lines == ["n (int) = -8", "x (float) = -2.5"])
        let unknown = try cli.run("write", "app", "n", "-9", "--bogus")
        #expect(unknown.status == 64)
        #expect(unknown.error == "prefs: unknown option '--bogus'; prefs write --help shows the usage\n")
        #expect(try cli.run("read", "app", "n").output == "-8\n")
    }

    @Test func readNamesTypesAndReadsEverySuiteWithoutOne() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "app", "s", "3")
        try cli.run("write", "app", "i", "3", "-t", "int")
        try cli.run("write", "tool", "when", "2026-05-01T12:00:00Z", "-t", "date")
        #expect(try cli.run("read", "app").lines == ["i = 3", "s = 3"])
        #expect(try cli.run("read", "app", "--types").lines == ["i (int) = 3", "s (string) = 3"])
        #expect(try cli.run("read", "app", "i", "--types").output == "int 3\n")
        #expect(try cli.run("read", "app", "s", "--types", "--json").output == #"{"string":"3"}"# + "\n")
        #expect(try cli.run("read-type", "tool", "when").output == "date\n")
        #expect(try cli.run("read").lines == ["app i = 3", "app s = 3", "tool when = 2026-05-01T12:00:00Z"])
        let all = try JSONSerialization.jsonObject(with: Data(try cli.run("read", "--json").output.utf8))
        #expect((all as? [String: [String: Any]])?["app"]?["i"] as? Int == 3)
        let missing = try cli.run("read-type", "app", "nothing")
        #expect(missing.status == 1)
        #expect(missing.error == "prefs: unknown key \"nothing\" in suite \"app\"\n")
    }

    @Test func typedJSONExportAndImportKeepEveryType() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "app", "ratio", "3.0", "-t", "float")
        try cli.run("write", "app", "blob", "3q2+7w==", "-t", "data")
        try cli.run("write", "app", "when", "2026-01-01T00:00:00Z", "-t", "date")
        try cli.run("write", "app", "big", "18446744073709551615", "-t", "int")
        try cli.run("write", "app", "nested", #"{"a": [1, 2.5, "x"]}"#, "-t", "json")
        let typed = try cli.run("export", "app", "--json").output
        #expect(
            typed.contains(#""format" : "prefs-typed-json/1""#) || typed.contains(#""format": "prefs-typed-json/1""#))
        #expect(try cli.run("import", "copy", "-", input: Data(typed.utf8)).status == 0)
        // The copy is the same property list, byte for byte.
        #expect(try Data(contentsOf: cli.suiteFile("copy")) == Data(contentsOf: cli.suiteFile("app")))
        let file = cli.home.url.appendingPathComponent("typed.json")
        try Data(typed.utf8).write(to: file)
        #expect(try cli.run("diff", "app", "--against", file.path).lines == [])
        // Plain JSON cannot keep them: the diff names the types that differ.
        try Data(try cli.run("export", "app", "--format", "json").output.utf8).write(to: file)
        #expect(
            try cli.run("diff", "app", "--against", file.path).lines == [
                "~ blob = data 3q2+7w==  (file: string 3q2+7w==)",
                "~ ratio = float 3.0  (file: int 3)",
                "~ when = date 2026-01-01T00:00:00Z  (file: string 2026-01-01T00:00:00Z)",
            ])
    }

    @Test func aTypedDocumentWithAnUntypedValueIsRefusedWholly() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "app", "keep", "me")
        let before = try Data(contentsOf: cli.suiteFile("app"))
        let document = #"{"format": "prefs-typed-json/1", "values": {"a": {"int": 1}, "b": 2}}"#
        let result = try cli.run("import", "app", "-", input: Data(document.utf8))
        #expect(result.status == 1)
        #expect(result.error == "prefs: -: key \"b\" is not a typed value such as {\"int\": 3}\n")
        #expect(try Data(contentsOf: cli.suiteFile("app")) == before)
    }
}
