import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// A corrupt suite refuses every write until recovered; recovering keeps the broken file, says where, and starts the
/// suite afresh, or from a previous version or a backup.
@Suite(.threadOfItsOwn, .damagedFilesReadOnce) struct RecoveryTests {
    private static func corrupt(_ cli: InProcessPrefs, _ suite: String) throws -> Data {
        try FileManager.default.createDirectory(at: cli.configDirectory, withIntermediateDirectories: true)
        let garbage = Data("<?xml version=\"1.0\"?><plist><dict><key>half".utf8)
        try garbage.write(to: cli.suiteFile(suite))
        return garbage
    }

    private static func setAside(_ cli: InProcessPrefs, _ suite: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: cli.configDirectory, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("\(suite).plist.corrupt-") }
    }

    @Test func recoverMovesTheFileAsideAndStartsAfresh() throws {
        let cli = try InProcessPrefs()
        let garbage = try Self.corrupt(cli, "app")
        let refused = try cli.run("write", "app", "k", "v")
        #expect(refused.status == 1 && refused.error.contains("prefs recover"))
        let result = try cli.run("recover", "app")
        #expect(result.status == 0)
        let moved = try #require(try Self.setAside(cli, "app").first)
        #expect(result.output == "moved the unreadable file to \(moved.path)\nsuite \"app\" starts afresh\n")
        #expect(try Data(contentsOf: moved) == garbage)
        #expect(try cli.run("write", "app", "k", "v").status == 0)
        #expect(try cli.run("read", "app", "k").output == "v\n")
        let again = try cli.run("recover", "app")
        #expect(again.status == 1 && again.error.contains("the suite is readable, so there is nothing to recover"))
    }

    @Test func recoverFromPreviousBringsBackTheVersionTheLastWriteReplaced() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "app", "theme", "dark")
        try cli.run("write", "app", "theme", "light")
        let garbage = Data("not a plist at all".utf8)
        try garbage.write(to: cli.suiteFile("app"))
        // Nothing restores it on its own: a person chooses.
        let refused = try cli.run("read", "app", "theme")
        #expect(refused.status == 1)
        #expect(
            refused.error.contains("a readable previous version is kept beside it: prefs recover app --from-previous"))
        #expect(try Data(contentsOf: cli.suiteFile("app")) == garbage)
        let result = try cli.run("recover", "app", "--from-previous")
        #expect(result.status == 0)
        #expect(result.output.hasSuffix("restored 1 key from the previous version\n"))
        #expect(try cli.run("read", "app", "theme").output == "dark\n")
        #expect(try Data(contentsOf: try #require(try Self.setAside(cli, "app").first)) == garbage)
    }

    @Test func recoverFromAFileRestoresABackup() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "app", "theme", "dark")
        try cli.run("write", "app", "count", "3", "--type", "int")
        let backup = cli.home.url.appendingPathComponent("backup.plist")
        try Data(try cli.run("export", "app").output.utf8).write(to: backup)
        _ = try Self.corrupt(cli, "app")
        let result = try cli.run("recover", "app", "--from-file", backup.path)
        #expect(result.status == 0)
        #expect(result.output.hasSuffix("restored 2 keys from \(backup.path)\n"))
        #expect(try cli.run("read", "app").output == "count = 3\ntheme = dark\n")
        // The restore is a change like any other: journaled.
        #expect(try cli.run("log", "app").output.contains("count: (unset) -> 3"))
    }

    /// The `prefs recover` lines of the command line's article, as written.
    private static func documentedLines() throws -> [[String]] {
        let text = try ProjectFile.text("Sources/PrefsTools/PrefsTools.docc/CommandLine.md")
        return text.split(separator: "\n").filter { $0.hasPrefix("$ prefs recover ") }.map { line in
            let command = line.dropFirst(2).split(separator: "#", maxSplits: 1)[0]
            return command.split(separator: " ").dropFirst().map(String.init)
        }
    }

    @Test func theDocumentedRecoverLinesWorkAsWritten() throws {
        let lines = try Self.documentedLines()
        #expect(lines == [["recover", "com.example.app"], ["recover", "com.example.app", "--from-previous"]])
        for arguments in lines {
            let cli = try InProcessPrefs()
            try cli.run("write", "com.example.app", "theme", "dark")
            if arguments.contains("--from-previous") {
                try cli.run("write", "com.example.app", "theme", "light")
            }
            try Data("garbage".utf8).write(to: cli.suiteFile("com.example.app"))
            let result = cli.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.error)")
            #expect(try Self.setAside(cli, "com.example.app").count == 1)
            let theme = try cli.run("read", "com.example.app", "theme")
            #expect(arguments.contains("--from-previous") ? theme.output == "dark\n" : theme.status == 1)
        }
    }

    @Test func theEditorOffersToRecoverAnUnreadableSuite() throws {
        let fixture = try EditorFixture()
        let file = fixture.store.directory.appendingPathComponent("notes.plist")
        try Data("garbage".utf8).write(to: file)
        #expect(eventually { (try? fixture.store.suite("notes").problem) != nil })
        fixture.type(.control("l"))
        let model = fixture.editor.model
        while model.rows.suiteRows.indices.contains(model.selectedIndex),
            model.rows.suiteRows[model.selectedIndex].name != "notes"
        {
            fixture.type(.character("j"))
        }
        fixture.type(.key(.enter))
        #expect(fixture.screen.contains("suite \"notes\" is unreadable"))
        #expect(fixture.screen.contains("x moves the file aside"))
        fixture.type(.character("x"))
        #expect(fixture.screen.contains("Move the unreadable file of \"notes\" aside"))
        fixture.type(.character("n"))
        #expect(fixture.screen.contains("nothing was moved"))
        #expect(try Data(contentsOf: file) == Data("garbage".utf8))
        fixture.type(.character("x"), .character("y"))
        #expect(fixture.screen.contains("moved the unreadable file to notes.plist.corrupt-"))
        #expect(try fixture.store.suite("notes").problem == nil)
        let kept = try FileManager.default.contentsOfDirectory(atPath: fixture.store.directory.path)
            .filter { $0.hasPrefix("notes.plist.corrupt-") }
        #expect(kept.count == 1)
    }

    @Test func aReadOnlyEditorRecoversNothing() throws {
        let fixture = try EditorFixture(suite: "notes", readOnly: true)
        let file = fixture.store.directory.appendingPathComponent("notes.plist")
        try Data("garbage".utf8).write(to: file)
        #expect(eventually { (try? fixture.store.suite("notes").problem) != nil })
        fixture.type(.control("l"), .character("x"))
        #expect(fixture.screen.contains("read-only"))
        #expect(try Data(contentsOf: file) == Data("garbage".utf8))
    }
}
