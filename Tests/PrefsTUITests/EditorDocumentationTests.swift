import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import Testing

/// The editor's article says what the editor shows: every mark and every state, and the name each example program's
/// writes appear under.
@Suite(.threadOfItsOwn) struct EditorDocumentationTests {
    private static func article() throws -> String {
        try ProjectFile.text("Sources/PrefsTUI/PrefsTUI.docc/TheEditor.md")
    }

    @Test func everyStatusMarkAndStateIsDocumentedAsItAppears() throws {
        let article = try Self.article()
        let statuses: [KeyRow.Status] = [.modified, .atDefault, .invalid(""), .notInSchema, .untyped, .formerName]
        for mark in statuses.map(\.mark) + ["d", "~", "▪", "+"] {
            #expect(article.contains(mark == " " ? "a blank" : "`\(mark)`"), "the mark \"\(mark)\"")
        }
        let states: [KeyProvenance] = [
            .atDefault, .session, .outside, .stored, .launchArgument(""), .problem(""), .locked(""), .system(""),
        ]
        for label in states.map(\.label) + ["🔒 locked", "to migrate"] {
            #expect(article.contains("`\(label)`"), "the state \"\(label)\"")
        }
    }

    /// theme-demo writes through Foundation's `UserDefaults`, which journals nothing: the editor says `outside`, as
    /// the article does, and `prefs log` never names it; a `prefs write` is named after the process that ran it
    /// (here this one, running it in-process; a `prefs` process's own name shows in DemoTerminalTests).
    @Test func theDemoAppsWritesShowAsOutsideAndPrefsWritesByTheirProcess() throws {
        #expect(try Self.article().contains("`theme-demo` does (its writes are never in `prefs log`"))
        let cli = try InProcessPrefs()
        #expect(try cli.run("write", "com.example.app", "extra", "9").status == 0)
        let path = cli.configDirectory.appendingPathComponent("com.example.app").path
        let demo = try ChildProcess.run("theme-demo", ["--suite", path, "set-theme", "black"])
        #expect(demo.status == 0, "\(demo.standardError)")

        let store = try FileStore(
            directory: cli.configDirectory,
            journalDirectory: XDGDirectories.journalDirectory(
                forConfigDirectory: cli.configDirectory, environment: cli.environment),
            launchArguments: .none)
        let schemas = SchemaCatalog(configDirectory: cli.configDirectory, environment: cli.environment)
        let model = EditorModel(
            data: EditorData(store: store, schemas: schemas, tools: toolContext(store, schemas)),
            suite: "com.example.app")
        model.start()
        let theme = try #require(model.rows.keyRows.row(for: "theme"))
        #expect(try store.suite("com.example.app").primitiveValue(forKey: "theme") == .string("black"))
        #expect(model.provenance(of: theme, inSuite: "com.example.app") == .outside)
        let extra = try #require(model.rows.keyRows.row(for: "extra"))
        #expect(model.provenance(of: extra, inSuite: "com.example.app").label == "prefs write")
        let log = try cli.run("log", "com.example.app").output
        #expect(log.contains("extra: (unset) -> 9  by \(InProcessPrefs.writer())"), "\(log)")
        #expect(!log.contains("theme-demo"), "\(log)")
    }
}
