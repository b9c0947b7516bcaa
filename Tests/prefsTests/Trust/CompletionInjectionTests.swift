import Foundation
import PrefsTestHelpers
import PrefsTools
import Testing

/// Names and values reach the shell as text: completion in a real bash over names a foreign program wrote runs
/// nothing, expands nothing and offers each name as it is; a secret's values are never offered.
@Suite(.threadOfItsOwn) struct CompletionInjectionTests {
    @Test func hostileKeysAndSuitesWrittenByFoundationAreOfferedAsTheyAreAndRunNothing() throws {
        let cli = try PrefsCLI()
        let marker = cli.home.url.appendingPathComponent("ran")
        let names = HostileNames.all(marker: marker)
        try FileManager.default.createDirectory(at: cli.configDirectory, withIntermediateDirectories: true)
        // Foundation, another user's program, writes the suite; prefs never did.
        let values = Dictionary(uniqueKeysWithValues: names.map { ($0, "v") })
        let data = try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0)
        try data.write(to: cli.suiteFile("shared"))
        // A file's name holds no "/": this one finds the marker's path in the environment.
        let suite = "$(touch $MARKER)"
        try data.write(to: cli.configDirectory.appendingPathComponent("\(suite).plist"))
        var environment = cli.environment
        environment["MARKER"] = marker.path

        try HostileNames.expectCompletion(
            ["read", "shared", ""], offers: names, in: cli, environment: environment, marker: marker)
        try HostileNames.expectCompletion(
            ["read", ""], offers: [suite, "shared"], in: cli, environment: environment, marker: marker)
        try HostileNames.expectCompletion(
            ["read", suite, ""], offers: names, in: cli, environment: environment, marker: marker)
        // What the user typed of the word narrows the names as the shell reads it.
        try HostileNames.expectCompletion(
            ["read", "shared", "$"], offers: ["$(touch \(marker.path))", "${HOME}"], in: cli,
            environment: environment, marker: marker)
        try HostileNames.expectCompletion(
            ["write", "shared", "{a,b}", ""], offers: [], in: cli, environment: environment, marker: marker)
    }

    /// In-process, where the rule lives (``CompletionCandidates``): what it answers is all bash is given.
    @Test(arguments: [ShellWord.Shell.bash, .zsh, .fish, nil] as [ShellWord.Shell?])
    func aSecretKeysChoicesAreNeverOffered(shell: ShellWord.Shell?) throws {
        let prefs = try InProcessPrefs()
        try prefs.installSchema(
            """
            {"format": "prefs-schema", "version": 1, "suite": "vault", "keys": [
             {"id": "pin", "type": "Pin", "kind": "enum", "storage": "string", "optional": false, "debug": false,
              "default": "a", "choices": ["a", "b"], "secret": true},
             {"id": "mode", "type": "Mode", "kind": "enum", "storage": "string", "optional": false, "debug": false,
              "default": "a", "choices": ["a", "b"]}
            ]}
            """)
        try prefs.run("write", "vault", "mode", "b")
        let candidates = CompletionCandidates(context: prefs.fixture.reopened(), shell: shell)
        #expect(candidates.values(of: "pin", in: "vault", startingWith: "").isEmpty)
        #expect(candidates.values(of: "mode", in: "vault", startingWith: "") == ["a", "b"])
    }
}
