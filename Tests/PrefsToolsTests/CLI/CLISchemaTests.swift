import Foundation
import PrefsTestHelpers
import Testing

/// A schema another program installs: theme-demo, run as itself, installs its own, and `prefs` enforces it.
///
/// The schema commands themselves are tested in-process (`SchemaCommandTests`).
@Suite(.threadOfItsOwn) struct CLISchemaTests {
    @Test func themeDemoInstallsItsOwnSchema() throws {
        let cli = try InProcessPrefs()
        let result = try ChildProcess.run("theme-demo", ["install-schema"], environment: cli.environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try cli.run("schema", "list").lines == ["com.example.theme-demo"])
        #expect(try cli.run("write", "com.example.theme-demo", "theme", "purple").status == 1)
        #expect(try cli.run("write", "com.example.theme-demo", "theme", "black").status == 0)
    }
}
