import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTUI
import PrefsTools

/// A fresh configuration directory of suites written through the file store, removed afterwards.
final class EditorDirectory: Sendable {
    let root: URL
    var config: URL { root.appendingPathComponent("config") }
    var journal: URL { root.appendingPathComponent("journal") }

    /// Writes `suites` suites of `keys` keys, and a suite named `big` of `bigSuite` keys when it is not zero.
    init(suites: Int, keys: Int, bigSuite: Int = 0) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-bench-\(UUID().uuidString)")
        let store = try FileStore(
            directory: root.appendingPathComponent("config"), journalDirectory: root.appendingPathComponent("journal"),
            launchArguments: .none)
        for suite in 0..<suites {
            try store.suite(String(format: "org.example.app%03d", suite)).commit(Self.values(keys))
        }
        if bigSuite > 0 { try store.suite("big").commit(Self.values(bigSuite)) }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// The editor on this directory in a headless terminal of 120 × 40, on a suite's keys or on the suites.
    func editor(suite: String? = nil) throws -> Editor {
        let store = try FileStore(directory: config, journalDirectory: journal, launchArguments: .none)
        let editor = Editor(
            model: EditorModel(data: editorData(store, config: config), suite: suite),
            backend: HeadlessBackend(width: 120, height: 40, supportsUnicode: true, usesColor: true))
        editor.model.start()
        return editor
    }

    /// Keys grouped as apps name them, with strings, numbers and Booleans.
    static func values(_ count: Int) -> [String: PropertyListValue?] {
        var values: [String: PropertyListValue?] = [:]
        for index in 0..<count {
            let key = "section\(index / 100).setting\(index)"
            switch index % 3 {
            case 0: values[key] = .string("value number \(index)")
            case 1: values[key] = .int(index)
            default: values[key] = .bool(index % 2 == 0)
            }
        }
        return values
    }
}

/// The editor open on a 100,000-key suite's keys in a headless terminal, and the same keys and values as plain
/// strings for the baseline.
final class FilteringEditor: @unchecked Sendable {
    let directory: EditorDirectory
    let editor: Editor
    let plain: [(key: String, value: String)]
    var next = 0

    init(keys: Int) throws {
        directory = try EditorDirectory(suites: 0, keys: 0, bigSuite: keys)
        editor = try directory.editor(suite: "big")
        editor.step([.character("/")])
        editor.draw()
        plain = EditorDirectory.values(keys).map { ($0.key.lowercased(), ($0.value?.text ?? "").lowercased()) }
    }
}

/// The editor on the suites screen of 200 suites × 200 keys, with `/` pressed, and every key and value as plain
/// lowercased strings for the baseline.
final class SearchingEditor: @unchecked Sendable {
    let directory: EditorDirectory
    let editor: Editor
    let plain: [(key: String, value: String)]
    var next = 0

    init(suites: Int, keys: Int) throws {
        directory = try EditorDirectory(suites: suites, keys: keys)
        editor = try directory.editor()
        // The first search reads every suite once; the benchmark measures the keystrokes after it.
        editor.step([.character("/"), .character("s"), .key(.backspace)])
        editor.draw()
        let values = EditorDirectory.values(keys).map { ($0.key.lowercased(), ($0.value?.text ?? "").lowercased()) }
        plain = Array((0..<suites).map { _ in values }.joined())
    }
}

/// The editor in delayed mode on a suite of as many keys as changes, each reset and pending.
final class PendingEditor: @unchecked Sendable {
    let directory: EditorDirectory
    let editor: Editor
    let plain: [(key: String, value: String)]

    init(changes: Int) throws {
        directory = try EditorDirectory(suites: 0, keys: 0, bigSuite: changes)
        editor = try directory.editor(suite: "big")
        editor.step([.character("P")])
        for _ in 0..<changes { editor.step([.character("r"), .character("j")]) }
        precondition(editor.model.pending.count == changes, "every key is pending")
        plain = EditorDirectory.values(changes).map { ($0.key, $0.value?.text ?? "") }
    }
}

/// The editor's data on a file store, with the application layer its actions call, as `prefs tui` opens them.
func editorData(_ store: FileStore, config: URL) -> EditorData {
    let schemas = SchemaCatalog(configDirectory: config)
    let tools = ToolContext(
        locationDescription: store.locationDescription, codec: FilePropertyListCodec(), open: { _ in store },
        schemas: { schemas })
    return EditorData(store: store, schemas: schemas, tools: tools)
}

/// The editor on a one-key suite, its value's edit line open and emptied, and a mebibyte of keys to paste into it.
final class PastingEditor: @unchecked Sendable {
    let directory: EditorDirectory
    let editor: Editor
    let paste: [InputEvent]

    init() throws {
        directory = try EditorDirectory(suites: 0, keys: 0, bigSuite: 1)
        editor = try directory.editor(suite: "big")
        editor.step([.key(.enter), .control("u")])
        precondition(editor.model.modal.editing != nil, "the edit line is open")
        paste = Array(repeating: .character("x"), count: 1 << 20)
    }
}
