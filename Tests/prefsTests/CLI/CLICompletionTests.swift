import Foundation
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// Shell completion of suites, keys and values, run through bash on the script `prefs` generates, against a real
/// configuration directory.
@Suite(.threadOfItsOwn) struct CLICompletionTests {
    /// A configuration with two suites of stored keys and one suite only a schema declares.
    private func configured() throws -> PrefsCLI {
        let cli = try PrefsCLI()
        try cli.run("write", "com.example.app", "theme", "dark")
        try cli.run("write", "com.example.app", "count", "3", "-t", "int")
        try cli.run("write", "com.example.app", "sound", "true", "-t", "bool")
        try cli.run("write", "org.other", "k", "v")
        try Data(SchemaFixtures.verbs.utf8).write(to: cli.home.url.appendingPathComponent("app.json"))
        #expect(try cli.run("schema", "install", cli.home.url.appendingPathComponent("app.json").path).status == 0)
        return cli
    }

    private func complete(_ words: [String], _ cli: PrefsCLI) throws -> [String] {
        try BashCompletion.complete(words, in: cli, environment: cli.environment)
    }

    /// Nothing is offered, and nothing created, before the configuration exists; then what it holds is offered.
    @Test func suitesKeysAndChoicesComeFromTheConfiguration() throws {
        let empty = try PrefsCLI()
        #expect(try complete(["read", ""], empty) == [])
        #expect(try complete(["read", "missing", ""], empty) == [])
        #expect(!FileManager.default.fileExists(atPath: empty.configDirectory.path))

        let cli = try configured()
        #expect(try complete(["read", "com."], cli) == ["com.example.app"])
        #expect(try complete(["read", ""], cli) == ["app", "com.example.app", "org.other"])
        #expect(try complete(["read", "com.example.app", ""], cli) == ["count", "sound", "theme"])
        // The schema declares keys nothing stores yet.
        #expect(try complete(["describe", "app", "t"], cli) == ["tags", "theme"])
        #expect(try complete(["write", "app", "theme", ""], cli) == ["light", "dark"])
        #expect(try complete(["write", "app", "theme", "d"], cli) == ["dark"])
        #expect(try complete(["write", "com.example.app", "sound", ""], cli) == ["true", "false"])
        #expect(try complete(["write", "com.example.app", "count", ""], cli) == [])
        #expect(try complete(["delete", "org.other", ""], cli) == ["k"])
        #expect(try complete(["schema", "show", "a"], cli) == ["app"])
        // find's query: the filters of the one table, negated too.
        #expect(try complete(["find", "@mo"], cli) == ["@modified"])
        #expect(try complete(["find", "dark", "-@lo"], cli) == ["-@locked"])
    }

    @Test func theConfigurationDirectoryOnTheCommandLineIsTheOneCompleted() throws {
        let cli = try configured()
        let other = cli.home.url.appendingPathComponent("elsewhere")
        try cli.run("write", "--config-dir", other.path, "elsewhere.suite", "key", "1")
        #expect(try complete(["read", "--config-dir", other.path, ""], cli) == ["elsewhere.suite"])
        #expect(try complete(["read", "--config-dir", other.path, "elsewhere.suite", ""], cli) == ["key"])
        // Global options before the subcommand, as `prefs` itself reads them.
        #expect(try complete(["--config-dir", other.path, "read", ""], cli) == ["elsewhere.suite"])
        #expect(try complete(["--json", "--config-dir", other.path, "read", "elsewhere.suite", ""], cli) == ["key"])
        #expect(
            try complete(["--config-dir", other.path, "write", "elsewhere.suite", "key", "-t", "int", ""], cli) == [])
    }

    @Test(arguments: ["zsh", "fish"])
    func zshAndFishScriptsAskPrefsForSuitesKeysAndValues(shell: String) throws {
        let cli = try InProcessPrefs()
        let script = try cli.run("--generate-completion-script", shell).output
        for request in [
            "---completion read -- positional@0", "---completion read -- positional@1",
            "---completion write -- positional@2",
        ] {
            #expect(script.contains(request), "\(shell): \(request)")
        }
    }
}
