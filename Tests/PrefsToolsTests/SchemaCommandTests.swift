import Foundation
import PrefsTestHelpers
import Testing

/// Schemas: installed per configuration directory, enforced by `write` and `import`, used by `diff`, `find` and
/// `read`; each command run in-process (``InProcessPrefs``).
@Suite(.threadOfItsOwn) struct SchemaCommandTests {
    static let manifest = SchemaFixtures.app

    private func installed() throws -> InProcessPrefs {
        let cli = try InProcessPrefs()
        let file = cli.home.url.appendingPathComponent("app.json")
        try Data(Self.manifest.utf8).write(to: file)
        let result = try cli.run("schema", "install", file.path)
        #expect(result.status == 0, "\(result.error)")
        return cli
    }
    @Test func theSchemaGivesTypesAndRefusesWhatItDoesNotAllow() throws {
        let cli = try installed()
        #expect(try cli.run("write", "app", "fontScale", "2").status == 0)
        #expect(try cli.run("read", "app", "fontScale").output == "2.0\n")
        let outOfRange = try cli.run("write", "app", "fontScale", "9")
        #expect(outOfRange.status == 1 && outOfRange.error.contains("out of range 0.5...3.0"))
        let notAChoice = try cli.run("write", "app", "theme", "purple")
        #expect(notAChoice.status == 1 && notAChoice.error.contains(#"is not one of "light", "dark", "black""#))
        let undeclared = try cli.run("write", "app", "other", "x")
        #expect(undeclared.status == 1 && undeclared.error.contains("--force"))
        #expect(try cli.run("write", "app", "other", "x", "--force").status == 0)
        #expect(try cli.run("read", "app", "theme").output == "light\n", "an unset key reads as its default")
    }

    @Test func listShowAndTheManifestRoundTrip() throws {
        let cli = try installed()
        #expect(try cli.run("schema", "list").lines == ["app"])
        let shown = try cli.run("schema", "show", "app").lines
        #expect(shown.first == "theme (string) = light  one of: light, dark, black  # Colour theme")
        let manifest = try cli.run("schema", "show", "app", "--json").output
        #expect(manifest.contains(#""format" : "prefs-schema""#))
        let missing = try cli.run("schema", "show", "other")
        #expect(missing.status == 1 && missing.error.contains("no schema"))
        let bad = cli.home.url.appendingPathComponent("bad.json")
        try Data(#"{"format": "prefs-schema", "version": 9, "keys": []}"#.utf8).write(to: bad)
        let refused = try cli.run("schema", "install", bad.path)
        #expect(refused.status == 1 && refused.error.contains("unsupported \"version\""))
    }

    @Test func diffShowsWhatDiffersFromTheDefaults() throws {
        let cli = try installed()
        try cli.run("write", "app", "theme", "dark")
        try cli.run("write", "app", "fontScale", "1")
        try cli.run("write", "app", "extra", "1", "--force")
        #expect(
            try cli.run("diff", "app").lines == [
                #"+ extra = 1  (not in the schema)"#, "~ theme = dark  (default: light)",
            ])
        #expect(try cli.run("diff", "app", "--exit-code").status == 1)
        try cli.run("delete", "app", "theme")
        try cli.run("delete", "app", "extra")
        #expect(try cli.run("diff", "app", "--exit-code").status == 0)
    }

    @Test func findSearchesKeysValuesSummariesAndDescriptionsInEverySuite() throws {
        let cli = try installed()
        try cli.run("write", "other", "note", "remember the colour")
        #expect(
            try cli.run("find", "COLOUR").lines == [
                "app theme = light  # Colour theme", "other note = remember the colour",
            ])
        #expect(try cli.run("find", "text size").lines == ["app fontScale = 1.0"])
        // Nothing found is said by the status alone, as grep says it: 1, and not a word.
        let nothing = try cli.run("find", "nothing matches this")
        #expect(nothing.status == 1 && nothing.output.isEmpty && nothing.error.isEmpty, "\(nothing.error)")
        #expect(try cli.run("find", "text size").status == 0)
    }
}
