import Foundation
import PrefsTestHelpers
import Testing

/// The verbs people reach for from `defaults`, `dconf` and `gsettings`, through the built binary.
@Suite(.threadOfItsOwn) struct CLIVerbTests {

    private func installed() throws -> InProcessPrefs {
        let cli = try InProcessPrefs()
        try cli.installSchema(SchemaFixtures.verbs)
        return cli
    }

    @Test func renameMovesAValueInOneUndoableWriteAndRefusesToOverwrite() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "S", "old", "7", "-t", "int")
        try cli.run("write", "S", "taken", "x")
        #expect(try cli.run("rename", "S", "old", "new").status == 0)
        #expect(try cli.run("read", "S", "--types").lines == ["new (int) = 7", "taken (string) = x"])
        let before = try Data(contentsOf: cli.suiteFile("S"))
        let refused = try cli.run("rename", "S", "new", "taken")
        #expect(refused.status == 1)
        #expect(refused.error == "prefs: key \"taken\" already holds x; use --force to replace it\n")
        let missing = try cli.run("rename", "S", "nothing", "other")
        #expect(missing.error == "prefs: key \"nothing\" is not set in suite \"S\"\n")
        #expect(try Data(contentsOf: cli.suiteFile("S")) == before)
        #expect(try cli.run("undo", "S").lines == ["new: 7 -> (unset)", "old: (unset) -> 7"])
    }

    @Test func arrayAndDictionaryAddsKeepTheElementTypeAndNeedNoSeparatorForNegatives() throws {
        let cli = try InProcessPrefs()
        #expect(try cli.run("write", "S", "list", "a", "--array-add", "b").status == 0)
        #expect(try cli.run("write", "S", "nums", "1", "-t", "int", "--array-add", "-2").status == 0)
        #expect(try cli.run("write", "S", "nums", "--array-add", "3", "-4").status == 0)
        #expect(try cli.run("read", "S", "nums").output == "[1,-2,3,-4]\n")
        let before = try Data(contentsOf: cli.suiteFile("S"))
        let bad = try cli.run("write", "S", "nums", "--array-add", "x")
        #expect(bad.status == 1)
        #expect(bad.error == "prefs: invalid element for \"nums\": \"x\" is not an integer\n")
        let notArray = try cli.run("write", "S", "list", "--dict-add", "k", "v")
        #expect(notArray.error == "prefs: key \"list\" holds an array, not a dictionary; nothing was written\n")
        #expect(try Data(contentsOf: cli.suiteFile("S")) == before)
        #expect(try cli.run("write", "S", "win", "--dict-add", "w", "10", "h", "20", "-t", "int").status == 0)
        #expect(try cli.run("write", "S", "win", "--dict-add", "w", "11").status == 0)
        #expect(try cli.run("read", "S", "win").output == #"{"h":20,"w":11}"# + "\n")
        let odd = try cli.run("write", "S", "win", "--dict-add", "w")
        #expect(odd.status == 64)
    }

    @Test func theSchemaTypesArrayElementsAndChecksTheWholeValue() throws {
        let cli = try installed()
        #expect(try cli.run("write", "app", "tags", "--array-add", "1", "2").status == 0)
        #expect(try cli.run("read", "app", "tags").output == "[1,2]\n")
        let bad = try cli.run("write", "app", "tags", "--array-add", "two")
        #expect(bad.status == 1)
        #expect(try cli.run("read", "app", "tags").output == "[1,2]\n")
    }

    @Test func keyPathsReadWriteAndDeleteInsideValuesOfKeysWithDotsAndSlashes() throws {
        let cli = try InProcessPrefs()
        let key = "com.example.window/frame"
        try cli.run("write", "S", key, #"{"size": [10, 20], "a/b": {"x": "y"}}"#, "-t", "json")
        #expect(try cli.run("read", "S", key, "--path", "/size/1").output == "20\n")
        #expect(try cli.run("read", "S", key, "--path", "/a~1b/x").output == "y\n")
        #expect(try cli.run("write", "S", key, "--path", "/size/0", "-11").status == 0)
        #expect(try cli.run("write", "S", key, "--path", "/size/-", "30").status == 0)
        #expect(try cli.run("delete", "S", key, "--path", "/a~1b").status == 0)
        #expect(try cli.run("read", "S", key).output == #"{"size":[-11,20,30]}"# + "\n")
        let before = try Data(contentsOf: cli.suiteFile("S"))
        let retyped = try cli.run("write", "S", key, "--path", "/size/0", "wide")
        #expect(retyped.status == 1)
        #expect(retyped.error.contains("holds an int, and \"wide\" is not one"))
        let nowhere = try cli.run("read", "S", key, "--path", "/size/9")
        #expect(nowhere.status == 1)
        #expect(nowhere.error == "prefs: nothing at \"/size/9\" in the value (path \"/size/9\")\n")
        let relative = try cli.run("read", "S", key, "--path", "size")
        #expect(relative.error == "prefs: path \"size\" does not start with /: write it as /member/0\n")
        #expect(try Data(contentsOf: cli.suiteFile("S")) == before)
        #expect(try cli.run("undo", "S").status == 0)
        #expect(try cli.run("read", "S", key, "--path", "/a~1b/x").output == "y\n")
    }

    @Test func describeAndRangeSayWhatTheSchemaSays() throws {
        let cli = try installed()
        let described = try cli.run("describe", "app", "theme").lines
        #expect(
            Array(described.prefix(9)) == [
                "Colour theme", "The theme every window is drawn in.", "type: string (Theme)", "default: light",
                "allowed: enum", "allowed: light", "allowed: dark", "value: light", "source: the default",
            ], "\(described)")
        #expect(try cli.run("range", "app", "theme").lines == ["enum", "light", "dark"])
        #expect(try cli.run("range", "app", "size").lines == ["range int 6 72"])
        #expect(try cli.run("range", "app", "frame").lines == ["type string"])
        let unknown = try cli.run("describe", "app", "nothing")
        #expect(unknown.status == 1)
        #expect(unknown.error == "prefs: key \"nothing\" is not in the schema of suite \"app\"\n")
        #expect(try cli.run("suites").lines == ["app"], "a suite only a schema declares is listed")
    }

    @Test func dumpAndLoadRoundTripEveryTypeAndNonDefaultLeavesOutDefaultsAndVolatileKeys() throws {
        let cli = try installed()
        try cli.run("write", "app", "theme", "dark")
        try cli.run("write", "app", "size", "12")
        try cli.run("write", "app", "frame", "0,0,10,10")
        try cli.run("write", "other", "ratio", "3.0", "-t", "float")
        try cli.run("write", "other", "blob", "AAH/", "-t", "data")
        let dump = try cli.run("dump")
        #expect(dump.status == 0)
        let nonDefault = try cli.run("dump", "--non-default").output
        let object = try JSONSerialization.jsonObject(with: Data(nonDefault.utf8)) as? [String: Any]
        let suites = object?["suites"] as? [String: [String: Any]]
        #expect(suites?["app"].map { Set($0.keys) } == ["theme"])
        #expect(suites?["other"]?.count == 2)

        let copy = try InProcessPrefs()
        #expect(try copy.run("load", "-", input: Data(dump.output.utf8)).status == 0)
        for suite in ["app", "other"] {
            #expect(try Data(contentsOf: copy.suiteFile(suite)) == Data(contentsOf: cli.suiteFile(suite)))
        }
        // One bad value anywhere: nothing is loaded.
        let bad = dump.output.replacingOccurrences(of: #""dark""#, with: #""purple""#)
        try cli.run("write", "other", "ratio", "4.0")
        let before = try Data(contentsOf: cli.suiteFile("other"))
        let refused = try cli.run("load", "-", input: Data(bad.utf8))
        #expect(refused.status == 1)
        #expect(refused.error == "prefs: invalid value for \"theme\": \"purple\" is not one of \"light\", \"dark\"\n")
        #expect(try Data(contentsOf: cli.suiteFile("other")) == before)
        let plain = try cli.run("load", "-", input: Data(#"{"a": 1}"#.utf8))
        #expect(plain.error.hasPrefix("prefs: - is not a dump"))
    }
}
