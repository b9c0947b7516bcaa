import Foundation
import PrefsTestHelpers
import Testing

/// `prefs export`, `import` and `diff --against`.
@Suite(.threadOfItsOwn) struct CLIImportExportTests {
    @Test func jsonExportsAndImportsThroughStandardInput() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "app", "name", "Zoë")
        try cli.run("write", "app", "count", "3", "-t", "int")
        let json = try cli.run("export", "app", "--format", "json").output
        #expect(json.contains(#""name" : "Zoë""#))
        #expect(try cli.run("import", "copy", "-", input: Data(json.utf8)).status == 0)
        #expect(try cli.run("read", "copy").lines == ["count = 3", "name = Zoë"])
    }
}
