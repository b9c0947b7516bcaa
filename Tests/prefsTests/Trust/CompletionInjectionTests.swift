import Foundation
import PrefsTestHelpers
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

    @Test func aSecretKeysChoicesAreNeverOffered() throws {
        let cli = try PrefsCLI()
        let manifest = cli.home.url.appendingPathComponent("vault.json")
        try Data(
            """
            {"format": "prefs-schema", "version": 1, "suite": "vault", "keys": [
             {"id": "pin", "type": "Pin", "kind": "enum", "storage": "string", "optional": false, "debug": false,
              "default": "a", "choices": ["a", "b"], "secret": true},
             {"id": "mode", "type": "Mode", "kind": "enum", "storage": "string", "optional": false, "debug": false,
              "default": "a", "choices": ["a", "b"]}
            ]}
            """.utf8
        ).write(to: manifest)
        #expect(try cli.run("schema", "install", manifest.path).status == 0)
        let marker = cli.home.url.appendingPathComponent("ran")
        try HostileNames.expectCompletion(
            ["write", "vault", "pin", ""], offers: [], in: cli, environment: cli.environment, marker: marker)
        try HostileNames.expectCompletion(
            ["write", "vault", "mode", ""], offers: ["a", "b"], in: cli, environment: cli.environment, marker: marker)
    }
}
