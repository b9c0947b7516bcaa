import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import PrefsTools
import Synchronization
import Testing

/// The query language of `prefs find` and the editor's `/`, as a table of query → keys over suites holding every
/// source (user, system layer, lock, default) and every type, run through `prefs find` (in-process, as the program
/// runs it) and through the headless editor's search, which must list the same keys in the same order.
@Suite(.threadOfItsOwn) struct FilterGrammarTests {
    static let manifest = """
        {"format": "prefs-schema", "version": 1, "suite": "app", "keys": [
          {"id": "token", "type": "String", "kind": "string", "storage": "string", "optional": false, "debug": false,
           "default": "", "secret": true},
          {"id": "theme", "type": "Theme", "kind": "enum", "storage": "string", "optional": false, "debug": false,
           "default": "light", "choices": ["light", "dark", "black"], "summary": "Colour theme"},
          {"id": "size", "type": "Int", "kind": "int", "storage": "int", "optional": false, "debug": false,
           "default": 1, "range": {"min": 1, "max": 9}},
          {"id": "level", "type": "Int", "kind": "int", "storage": "int", "optional": false, "debug": false,
           "default": 5, "description": "How much is said; the tip of the iceberg."},
          {"id": "scale", "type": "Double", "kind": "double", "storage": "double", "optional": false,
           "debug": false, "default": 1.0},
          {"id": "tips", "type": "Bool", "kind": "bool", "storage": "bool", "optional": false, "debug": false,
           "default": true}
        ]}
        """

    /// Each query and the keys it finds, as `suite key`, in order.
    static let table: [(query: String, keys: [String])] = [
        ("@modified @suite:app", ["app token", "app theme", "app size", "app scale", "app tips", "app note"]),
        ("@default", ["app level"]),
        ("@stored @suite:app", ["app token", "app theme", "app size", "app note"]),
        ("@locked", ["app scale"]),
        ("@system", ["app scale", "app tips"]),
        ("@secret", ["app token"]),
        ("@invalid", ["app size"]),
        ("@undeclared", ["app note"]),
        ("@type:int", ["app size", "app level", "kinds i"]),
        ("@type:float", ["app scale", "kinds f"]),
        ("@type:bool", ["app tips", "kinds darkMode"]),
        ("@type:string @suite:app", ["app token", "app theme", "app note"]),
        ("@type:date", ["kinds d"]),
        ("@type:data", ["kinds data"]),
        ("@type:array", ["kinds arr"]),
        ("@type:dictionary", ["kinds dict"]),
        ("theme=dark", ["app theme"]),
        ("=dark", ["app theme", "kinds s"]),
        ("=*dark", ["app theme", "app note", "kinds s"]),
        ("=s3cret*", []),
        ("s3cret", []),
        ("sca*", ["app scale"]),
        // Ranking: a key named so first, then documentation, then values; ties by suite, then the suite's order.
        ("dark", ["kinds darkMode", "app theme", "app note", "kinds s"]),
        ("tip", ["app tips", "app level"]),
        ("dark -@suite:kinds", ["app theme", "app note"]),
        ("-@modified", ["app level"]),
        ("dark -note", ["kinds darkMode", "app theme", "kinds s"]),
        ("\"pitch dark\"", ["app note"]),
        ("@suite:k* @type:int", ["kinds i"]),
        ("@changed:1h @suite:app", ["app token", "app theme", "app size", "app note"]),
        ("@changed:today -@suite:app -@suite:kinds", []),
    ]

    /// The suites: `app` with a schema, a lock and a system layer; `kinds` with no schema and a value of every type.
    private struct Setup {
        let cli: InProcessPrefs
        let editor: Editor
        let watch: PersistentKeyValueObservation
        let backend: HeadlessBackend
        let store: FileStore
    }

    private static func setUp(suite: String? = nil) throws -> Setup {
        let cli = try InProcessPrefs()
        try cli.installSchema(manifest)
        try FileManager.default.createDirectory(at: cli.systemDirectory, withIntermediateDirectories: true)
        let layer = try PropertyListSerialization.data(
            fromPropertyList: ["tips": false, "scale": 2.0], format: .xml, options: 0)
        try layer.write(to: cli.systemDirectory.appendingPathComponent("app.plist"))
        try Data("scale\n".utf8).write(to: cli.systemDirectory.appendingPathComponent("app.locks"))
        for line in [["token", "s3cret-tok"], ["theme", "dark"], ["note", "pitch dark", "--force"]] {
            #expect(cli.run(["write", "app"] + line).status == 0, "\(line)")
        }
        let store = try FileStore(
            directory: cli.configDirectory,
            journalDirectory: XDGDirectories.journalDirectory(
                forConfigDirectory: cli.configDirectory, environment: cli.environment),
            launchArguments: .none, systemDirectories: [cli.systemDirectory])
        // Out of its range: as an older version of the app, or a hand edit, could have left it.
        try store.suite("app").commit(["size": .int(12)])
        try store.suite("kinds").commit([
            "s": .string("dark"), "i": .int(3), "f": .double(1.5), "darkMode": .bool(true),
            "d": .date(Date(timeIntervalSince1970: 1_800_000_000)), "data": .data(Data([1, 2])),
            "arr": .array([.int(1)]), "dict": .dictionary(["a": .int(1)]),
        ])
        let watch = try store.startWatching()
        let catalog = SchemaCatalog(configDirectory: cli.configDirectory, environment: cli.environment)
        let data = EditorData(store: store, schemas: catalog, tools: toolContext(store, catalog))
        let backend = HeadlessBackend(width: 120, height: 30, supportsUnicode: true, usesColor: false)
        let editor = Editor(model: EditorModel(data: data, suite: suite), backend: backend)
        editor.model.start()
        editor.draw()
        return Setup(cli: cli, editor: editor, watch: watch, backend: backend, store: store)
    }

    @Test func everyQueryFindsItsKeysInFindAndInTheEditor() throws {
        let setup = try Self.setUp()
        let (cli, editor, watch) = (setup.cli, setup.editor, setup.watch)
        defer { watch.cancel() }
        // `prefs` names itself as the writer of its writes; the test's own process wrote `size`.
        let writers = [
            ("@writer:\(PersistentKeyValueChange.Writer.currentName) @suite:app", ["app size"]),
            (
                "@writer:prefs -@writer:\(PersistentKeyValueChange.Writer.currentName)",
                ["app token", "app theme", "app note"]
            ),
        ]
        for (query, expected) in Self.table + writers {
            let found = cli.run(["find", "--json", query])
            // As grep, find exits 1 when nothing matches.
            #expect(found.status == (expected.isEmpty ? 1 : 0), "\(query): \(found.error)")
            let objects = try JSONSerialization.jsonObject(with: Data(found.output.utf8)) as? [[String: Any]] ?? []
            let fromCLI = objects.map { "\($0["suite"] ?? "") \($0["key"] ?? "")" }
            #expect(fromCLI == expected, "prefs find \(query)")
            #expect(!found.output.contains("s3cret"), "a secret's value is never shown")

            editor.step([.key(.escape), .key(.escape), .control("u")])
            editor.step([.character("/")] + type(query))
            #expect(editor.model.filter.problem == nil, "/\(query)")
            #expect(editor.model.rows.searchMatches.map { "\($0.suite) \($0.key)" } == expected, "/\(query)")
        }
    }

    @Test func aQueryInsideASuiteListsItsKeysAsFindDoes() throws {
        let setup = try Self.setUp(suite: "app")
        let (editor, watch) = (setup.editor, setup.watch)
        defer { watch.cancel() }
        #expect(editor.model.currentSuite == "app")
        editor.step([.character("/")])
        for (query, expected) in Self.table where !query.contains("@suite:") {
            editor.step([.control("u")] + type(query))
            #expect(editor.model.currentSuite == "app")
            let keys = editor.model.rows.keyRows.map { "app \($0.key)" }
            #expect(keys == expected.filter { $0.hasPrefix("app ") }, "/\(query) in app")
        }
    }

    /// A word that is not understood is one line naming it and the nearest filter, exit status 64; the editor shows
    /// the same line while it is typed, and lists nothing.
    @Test(arguments: [
        ("@modifed", #"unknown filter "@modifed"; did you mean "@modified"?"#),
        ("@type:str", #"unknown type "str" in @type:; did you mean "string"?"#),
        ("@type:", "@type: needs T after the colon"),
        ("@changed:soon", #"@changed: "soon" is not a time"#),
        ("@locked:yes", "@locked takes nothing after it"),
    ])
    func aWordNotUnderstoodNamesTheNearest(query: String, message: String) throws {
        let setup = try Self.setUp()
        let (cli, editor, watch, backend) = (setup.cli, setup.editor, setup.watch, setup.backend)
        defer { watch.cancel() }
        let result = cli.run(["find", query])
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("prefs: " + message), "\(result.error)")
        #expect(result.error.split(separator: "\n").count == 1)
        editor.step([.character("/")] + type(query))
        #expect(editor.model.filter.problem?.hasPrefix(message) == true)
        #expect(editor.model.rows.searchMatches.isEmpty)
        editor.draw()
        #expect(backend.screen?.text.contains(message.prefix(30)) == true)
    }

    /// Another process's writes patch the facts the query matches, a key's first write included, with its writer.
    @Test func liveChangesArePatchedIntoTheQuerysFacts() throws {
        let setup = try Self.setUp()
        defer { setup.watch.cancel() }
        let received = Mutex<[PersistentKeyValueChange]>([])
        let observation = setup.store.addObserver({ batch in received.withLock { $0 += batch } }, onProblem: { _ in })
        defer { observation.cancel() }
        let editor = setup.editor
        // Typed alone first, so that the history is read before the writes below.
        editor.step([.character("/")] + type("@writer:prefs -@writer:xctest"))
        #expect(
            editor.model.rows.searchMatches.map { "\($0.suite) \($0.key)" } == ["app token", "app theme", "app note"])
        #expect(setup.cli.run(["write", "kinds", "s", "live-one"]).status == 0)
        #expect(setup.cli.run(["write", "kinds", "fresh", "live-two"]).status == 0)
        #expect(eventually { received.withLock { $0.contains { $0.key == "fresh" } } })
        editor.receive(
            received.withLock { taken in
                defer { taken = [] }
                return taken
            })
        editor.step([.control("u")] + type("=live* @writer:prefs -@writer:xctest"))
        #expect(editor.model.rows.searchMatches.map { "\($0.suite) \($0.key)" } == ["kinds fresh", "kinds s"])
        editor.step([.control("u")] + type("=dark"))
        #expect(
            editor.model.rows.searchMatches.map { "\($0.suite) \($0.key)" } == ["app theme"], "the old value is gone")
    }
}
