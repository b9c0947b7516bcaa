import Foundation
import PrefsCore
import PrefsTestHelpers
import Testing

@testable import PrefsFileStore

/// A suite whose schema exists but cannot be read: which of its keys are secret is unknown, so the journal keeps the
/// value of none of them, whoever writes (an app through PrefsKit does not consult the schema).
@Suite(.threadOfItsOwn) struct UnreadableSchemaSecretsTests {
    enum Damage: CaseIterable, Sendable {
        /// The manifest is no longer JSON.
        case garbled
        /// The manifest cannot even be looked at: a link to itself (`ELOOP`).
        case unreachable
    }

    @Test(arguments: Damage.allCases) func theJournalKeepsNoValueOfASuiteWhoseSchemaCannotBeRead(damage: Damage) throws
    {
        let cli = try InProcessPrefs()
        try cli.installSchema(CLISecretsTests.manifest)
        let enumerator = FileManager.default.enumerator(at: cli.home.url, includingPropertiesForKeys: nil)
        let manifest = try #require(
            (enumerator?.allObjects as? [URL] ?? []).first {
                $0.lastPathComponent == "app.json" && $0.path.contains("/schemas/")
            })

        let store = try ProcessEnvironment.$standIn.withValue(cli.environment) {
            try FileStore(directory: cli.configDirectory, launchArguments: .none, systemDirectories: [])
        }
        let suite = try store.suite("app")
        // Written while the schema reads: the token's value is left out, the port's kept.
        try suite.setPrimitiveValue(.string("before-damage"), forKey: "token")
        try suite.setPrimitiveValue(.int(4321), forKey: "port")
        switch damage {
        case .garbled:
            try Data("{\"format\": ".utf8).write(to: manifest)
        case .unreachable:
            try FileManager.default.removeItem(at: manifest)
            try FileManager.default.createSymbolicLink(atPath: manifest.path, withDestinationPath: manifest.path)
        }
        try suite.setPrimitiveValue(.string(CLISecretsTests.secret), forKey: "token")
        try suite.setPrimitiveValue(.int(8080), forKey: "port")

        let journal = try #require(
            FileManager.default.enumerator(at: cli.home.url, includingPropertiesForKeys: nil)?.allObjects
                .compactMap { $0 as? URL }.first { $0.pathExtension == "jsonl" })
        let text = try String(contentsOf: journal, encoding: .utf8)
        #expect(!text.contains(CLISecretsTests.secret) && !text.contains("before-damage"))
        // The value as the journal would hold it: bare digits turn up in times ("…31.7880801Z").
        #expect(!text.contains(#""int":8080"#), "with the schema unknown, no value is kept")
        #expect(text.contains(#""key":"port""#) && text.contains(#""key":"token""#), "the changes are still recorded")
        #expect(text.contains("4321"), "the port's value written while the schema read is kept")
        #expect(suite.primitiveValue(forKey: "port") == .int(8080), "the write itself went through")

        // Mended, the schema counts again: the port's values are kept, the token's not.
        try FileManager.default.removeItem(at: manifest)
        try Data(CLISecretsTests.manifest.utf8).write(to: manifest)
        try suite.setPrimitiveValue(.int(9090), forKey: "port")
        #expect(try String(contentsOf: journal, encoding: .utf8).contains("9090"))
    }

    /// `prefs find` over a suite whose schema cannot be read: which values are secret is unknown, so the suite is not
    /// searched (a secret would be found by its value), and it is named as an unreadable suite is, with status 1.
    @Test func findDoesNotSearchASuiteWhoseSchemaCannotBeRead() throws {
        let cli = try InProcessPrefs()
        try cli.installSchema(CLISecretsTests.manifest)
        #expect(try cli.run("write", "app", "token", CLISecretsTests.secret).status == 0)
        try cli.run("write", "other", "note", "8c1f here")
        let enumerator = FileManager.default.enumerator(at: cli.home.url, includingPropertiesForKeys: nil)
        let manifest = try #require(
            (enumerator?.allObjects as? [URL] ?? []).first {
                $0.lastPathComponent == "app.json" && $0.path.contains("/schemas/")
            })
        try Data("{\"format\": ".utf8).write(to: manifest)

        let found = try cli.run("find", "8c1f")
        #expect(found.status == 1)
        #expect(found.lines == ["other note = 8c1f here"], "the other suite is searched")
        #expect(!found.output.contains(CLISecretsTests.secret) && !found.error.contains(CLISecretsTests.secret))
        #expect(found.error.contains(manifest.lastPathComponent), "\(found.error)")
    }
}
