import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTestHelpers
import Testing

/// Key migrations, on a suite written under the old names by a plain UserDefaults program.
@Suite(.threadOfItsOwn) struct CLIMigrationTests {
    static let manifest = """
        {"format": "prefs-schema", "version": 1, "suite": "app", "keys": [
          {"id": "retries", "type": "Int", "kind": "int", "storage": "int", "optional": false, "debug": false,
           "default": 3, "formerly": ["retryCount"]},
          {"id": "accentColor", "type": "String", "kind": "string", "storage": "string", "optional": false,
           "debug": false, "default": "gray", "formerly": ["accent", "colour"]}
        ]}
        """

    /// The version 1 app: a plain Foundation program that knew the keys by their old names.
    private func writtenByVersion1(_ cli: InProcessPrefs) throws -> String {
        let path = cli.suiteFile("app").deletingPathExtension().path
        try FileManager.default.createDirectory(at: cli.configDirectory, withIntermediateDirectories: true)
        #expect(try ChildProcess.run("prefs-test-helper", ["ud-write-int", path, "retryCount", "7"]).status == 0)
        #expect(try ChildProcess.run("prefs-test-helper", ["ud-write", path, "colour", "blue"]).status == 0)
        #expect(try ChildProcess.run("prefs-test-helper", ["ud-write", path, "unrelated", "kept"]).status == 0)
        return path
    }

    /// Version 1's suite, with version 2's schema installed: the keys renamed, the values not yet migrated.
    private func writtenByVersion2(_ cli: InProcessPrefs) throws -> String {
        let path = try writtenByVersion1(cli)
        let file = cli.home.url.appendingPathComponent("app.json")
        try Data(Self.manifest.utf8).write(to: file)
        #expect(try cli.run("schema", "install", file.path).status == 0)
        return path
    }

    private func foundationReads(_ path: String, _ key: String) throws -> String {
        try ChildProcess.run("prefs-test-helper", ["ud-read", path, key]).standardOutput
            .trimmingCharacters(in: .newlines)
    }

    @Test func aRenamedKeyReadsItsOldValueAndItsFirstWriteMovesIt() throws {
        let cli = try InProcessPrefs()
        let path = try writtenByVersion1(cli)
        let retries = PersistentKey("retries", defaultValue: 3, formerly: ["retryCount"])
        let store = try FileStore(directory: cli.configDirectory, launchArguments: .none)
        let suite = try store.suite("app")
        #expect(suite.get(retries) == 7)
        let recorder = ChangeRecorder()
        let observation = suite.changeNotifier.addObserver { recorder.record($0) }
        defer { observation.cancel() }

        suite.set(retries, to: 9)
        #expect(suite.get(retries) == 9)
        #expect(suite.primitiveValue(forKey: "retryCount") == nil)
        #expect(try foundationReads(path, "retries") == "9")
        #expect(try foundationReads(path, "retryCount") == "<absent>")
        #expect(try foundationReads(path, "unrelated") == "kept")
        // One write: both changes arrived together, with one writer.
        #expect(Set(recorder.all.map(\.key)) == ["retries", "retryCount"])
        #expect(Set(recorder.all.compactMap(\.writer?.write)).count == 1)

        // A reset removes both names, so the old value cannot come back.
        #expect(try ChildProcess.run("prefs-test-helper", ["ud-write-int", path, "retryCount", "5"]).status == 0)
        #expect(eventually { (try? FileStore(directory: cli.configDirectory).suite("app").get(retries)) == 9 })
        suite.remove(retries)
        #expect(try FileStore(directory: cli.configDirectory, launchArguments: .none).suite("app").get(retries) == 3)
    }

    @Test func prefsMigrateMovesEveryRenamedKeyInOneUndoableWrite() throws {
        let cli = try InProcessPrefs()
        let path = try writtenByVersion2(cli)
        // Before the migration, reads through the schema already see the old values.
        #expect(try cli.run("read", "app", "accentColor").output == "blue\n")

        let migrated = try cli.run("migrate", "app")
        #expect(migrated.status == 0, "\(migrated.error)")
        #expect(migrated.lines == ["retryCount -> retries", "colour -> accentColor"])
        #expect(try foundationReads(path, "retries") == "7")
        #expect(try foundationReads(path, "accentColor") == "blue")
        #expect(try foundationReads(path, "colour") == "<absent>")
        #expect(try foundationReads(path, "unrelated") == "kept")
        #expect(try cli.run("migrate", "app").error.contains("nothing to migrate"))

        // The journal holds it as one write, which undo reverts whole.
        #expect(try cli.run("undo", "app").status == 0)
        #expect(try foundationReads(path, "retryCount") == "7")
        #expect(try foundationReads(path, "colour") == "blue")
        #expect(try foundationReads(path, "retries") == "<absent>")
        #expect(try cli.run("log", "app").lines.count >= 4)
    }

    @Test func writingOrDeletingARenamedKeyTakesItsOldNamesWithIt() throws {
        let cli = try InProcessPrefs()
        let path = try writtenByVersion2(cli)
        #expect(try cli.run("read", "app", "retries").output == "7\n", "it reads its former name")

        // `prefs write` stores the new name and removes the old one in the same write, as a typed write does.
        #expect(try cli.run("write", "app", "retries", "9").status == 0)
        #expect(try foundationReads(path, "retries") == "9")
        #expect(try foundationReads(path, "retryCount") == "<absent>")

        // Deleting a key stored only under its former name removes that name: it reads its default again.
        #expect(try cli.run("read", "app", "accentColor").output == "blue\n")
        let deleted = try cli.run("delete", "app", "accentColor", "--json")
        #expect(deleted.status == 0)
        #expect(deleted.output.contains("colour"), "the report names the key removed: \(deleted.output)")
        #expect(try foundationReads(path, "colour") == "<absent>")
        #expect(try cli.run("read", "app", "accentColor").output == "gray\n")
        #expect(try foundationReads(path, "unrelated") == "kept", "nothing else was touched")
    }
}
