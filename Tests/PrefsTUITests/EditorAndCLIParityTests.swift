import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import PrefsTools
import Testing

/// The editor and `prefs` are two faces of one application layer: export, rename, undo and search, made through the
/// headless editor on one suite and through `prefs` command lines (run in-process, as the program runs them) on an
/// identical one, give the same results.
@Suite(.threadOfItsOwn) struct EditorAndCLIParityTests {
    private static func manifest(_ suite: String) -> String {
        """
        {"format": "prefs-schema", "version": 1, "suite": "\(suite)", "keys": [
          {"id": "token", "type": "String", "kind": "string", "storage": "string", "optional": false, "debug": false,
           "default": "", "secret": true},
          {"id": "theme", "type": "String", "kind": "string", "storage": "string", "optional": false, "debug": false,
           "default": "light", "summary": "Colour theme"},
          {"id": "size", "type": "Int", "kind": "int", "storage": "int", "optional": false, "debug": false,
           "default": 1, "range": {"min": 1, "max": 9}},
          {"id": "darkness", "type": "Int", "kind": "int", "storage": "int", "optional": false, "debug": false,
           "default": 2}
        ]}
        """
    }

    /// Two identical suites, `left` for the editor and `right` for `prefs`, and an editor on the same configuration.
    private static func setUp() throws -> (InProcessPrefs, Editor, FileStore, PersistentKeyValueObservation) {
        let cli = try InProcessPrefs()
        for suite in ["left", "right"] {
            let file = cli.home.url.appendingPathComponent("\(suite).json")
            try Data(manifest(suite).utf8).write(to: file)
            #expect(try cli.run("schema", "install", file.path).status == 0)
            try cli.run("write", suite, "token", "s3cret")
            try cli.run("write", suite, "theme", "dark")
            try cli.run("write", suite, "size", "3")
            try cli.run("write", suite, "note", "pitch dark", "--force")
        }
        let store = try FileStore(
            directory: cli.configDirectory,
            journalDirectory: XDGDirectories.journalDirectory(
                forConfigDirectory: cli.configDirectory, environment: cli.environment),
            launchArguments: .none)
        let watch = try store.startWatching()
        let catalog = SchemaCatalog(configDirectory: cli.configDirectory, environment: cli.environment)
        let data = EditorData(store: store, schemas: catalog, tools: toolContext(store, catalog))
        let editor = Editor(
            model: EditorModel(data: data, suite: "left"),
            backend: HeadlessBackend(width: 120, height: 30, supportsUnicode: true, usesColor: false))
        editor.model.start()
        editor.draw()
        return (cli, editor, store, watch)
    }

    /// A suite's stored values, read by `prefs` in its typed JSON, secrets revealed.
    private static func stored(_ suite: String, _ cli: InProcessPrefs) throws -> String {
        try cli.run("read", "--json", "--types", "--reveal", suite).output
    }

    private static func command(_ editor: Editor, _ text: String) {
        editor.step([.character(":")] + type(text) + [.key(.enter)])
    }

    private static func select(_ key: String, in editor: Editor) {
        for _ in 0..<10 where editor.model.selectedKey?.key != key { editor.step([.character("j")]) }
    }

    @Test func exportRenameUndoAndSearchGiveTheSameResults() throws {
        let (cli, editor, store, watch) = try Self.setUp()
        defer { watch.cancel() }
        #expect(try Self.stored("left", cli) == Self.stored("right", cli))

        // Export: the same document, the secret left out of both.
        let exported = cli.home.url.appendingPathComponent("left.plist")
        Self.command(editor, "export \(exported.path)")
        let right = try cli.run("export", "right")
        #expect(right.status == 0)
        let fromEditor = try PropertyListDocument.decode(Data(contentsOf: exported))
        #expect(fromEditor == (try PropertyListDocument.decode(Data(right.output.utf8))))
        #expect(fromEditor["token"] == nil && fromEditor["theme"] == .string("dark"))

        // A rename the schema refuses: the same reason, nothing written.
        Self.select("theme", in: editor)
        Self.command(editor, "rename size")
        let refused = try cli.run("rename", "right", "theme", "size")
        #expect(refused.status == 1)
        #expect(editor.model.messages.current == "not renamed: " + refused.error.dropFirst("prefs: ".count).dropLast())
        // A rename it allows: the same values after.
        Self.select("size", in: editor)
        Self.command(editor, "rename darkness")
        #expect(try cli.run("rename", "right", "size", "darkness").status == 0)
        #expect(eventually { (try? store.suite("left").primitiveValue(forKey: "darkness")) == .int(3) })
        #expect(try Self.stored("left", cli) == Self.stored("right", cli))

        // Undo: both take back the rename, from the one history.
        editor.step([.character("u")])
        #expect(try cli.run("undo", "right").status == 0)
        #expect(eventually { (try? store.suite("left").primitiveValue(forKey: "size")) == .int(3) })
        #expect(try Self.stored("left", cli) == Self.stored("right", cli))
        #expect(editor.model.messages.current?.hasPrefix("undone in left: ") == true)

        // Search: / lists what prefs find lists, in its order.
        editor.step([.key(.escape), .key(.escape)])
        editor.step([.character("/")] + type("dark"))
        let found = try cli.run("find", "--json", "dark")
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(found.output.utf8)) as? [[String: Any]])
        let fromCLI = objects.map { "\($0["suite"] ?? "") \($0["key"] ?? "")" }
        #expect(editor.model.rows.searchMatches.map { "\($0.suite) \($0.key)" } == fromCLI)
        #expect(fromCLI.prefix(2) == ["left darkness", "right darkness"], "key names first")
    }
}
