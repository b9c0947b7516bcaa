import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTUI
import PrefsTestSupport
import PrefsTools
import Testing

/// A directory of suites with an installed schema, and an editor on it drawing into a headless terminal.
package final class EditorFixture {
    package let home: TemporaryDirectory
    package let store: FileStore
    /// The store's watch, held for the fixture's life, as the editor's command runs the store's service.
    package let watch: PersistentKeyValueObservation
    package let catalog: SchemaCatalog
    package let backend: HeadlessBackend
    package private(set) var editor: Editor

    package static let manifest = """
        {"format": "prefs-schema", "version": 1, "suite": "com.example.app", "keys": [
          {"id": "theme", "type": "Theme", "kind": "enum", "storage": "string", "optional": false, "debug": false,
           "default": "light", "choices": ["light", "dark", "black"], "summary": "Colour theme",
           "description": "The theme every window is drawn in."},
          {"id": "fontScale", "type": "Double", "kind": "double", "storage": "double", "optional": false,
           "debug": false, "default": 1.0, "range": {"min": 0.5, "max": 3.0}},
          {"id": "showsTips", "type": "Bool", "kind": "bool", "storage": "bool", "optional": false, "debug": false,
           "default": true},
          {"id": "search", "type": "Bool", "kind": "bool", "storage": "bool", "optional": false, "debug": true,
           "default": false}
        ]}
        """

    package init(width: Int = 80, height: Int = 12, suite: String? = nil, unicode: Bool = true, readOnly: Bool = false)
        throws
    {
        home = try TemporaryDirectory(shortPrefix: "pe")
        // Made before the watch starts, so that layer and lock files written into it later are watched; never the
        // machine's own /etc/xdg.
        let system = home.url.appendingPathComponent("system", isDirectory: true)
        try FileManager.default.createDirectory(at: system, withIntermediateDirectories: true)
        store = try FileStore(
            directory: home.url.appendingPathComponent("config"),
            journalDirectory: home.url.appendingPathComponent("journal"),
            launchArguments: .none, systemDirectories: [system])
        watch = try store.startWatching()
        catalog = SchemaCatalog(
            configDirectory: store.directory,
            environment: ["XDG_DATA_HOME": home.url.appendingPathComponent("data").path])
        try catalog.install(Data(Self.manifest.utf8))
        try store.suite("com.example.app").commit(["theme": .string("dark"), "fontScale": .int(7), "extra": .int(1)])
        // Binary: an XML file cannot hold the escape and bell that test the screen's escaping.
        try store.suite("notes").commit(
            ["greeting": .string("hi\u{1B}[31m there\u{7}"), "wide": .string("漢字テスト")], recoveringCorruptFile: false,
            format: .binary)
        backend = HeadlessBackend(width: width, height: height, supportsUnicode: unicode, usesColor: true)
        editor = Editor(model: Self.model(store, catalog, home, suite: suite, readOnly: readOnly), backend: backend)
        editor.model.start()
    }

    /// Rewrites a suite's file as a program outside PrefsKit would (Foundation's serializer, no lock, no journal):
    /// a change the shared history does not hold.
    package func writeAsForeignProgram(_ suite: String, _ values: [String: Any]) throws {
        let file = store.directory.appendingPathComponent("\(suite).plist")
        let data = try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0)
        try data.write(to: file, options: .atomic)
    }

    /// The folder of the store's system layers and lock files (`<suite>.plist`, `<suite>.locks`).
    package var systemDirectory: URL { home.url.appendingPathComponent("system", isDirectory: true) }

    /// Where this fixture's editors keep pending changes they must end without asking about.
    package var recoveryDirectory: URL { home.url.appendingPathComponent("state/recovery") }

    /// The application layer on the fixture's store, as `prefs` would open it: what the editor's actions call.
    package var tools: ToolContext { Self.tools(store, catalog) }

    private static func tools(_ store: FileStore, _ catalog: SchemaCatalog) -> ToolContext {
        toolContext(store, catalog)
    }

    private static func model(
        _ store: FileStore, _ catalog: SchemaCatalog, _ home: TemporaryDirectory, suite: String?, readOnly: Bool
    ) -> EditorModel {
        let tools = tools(store, catalog)
        return EditorModel(
            data: EditorData(store: store, schemas: catalog, tools: tools), suite: suite, readOnly: readOnly,
            recovery: PendingRecovery(
                directory: home.url.appendingPathComponent("state/recovery"), location: store.locationDescription))
    }

    /// Starts a new editor on the same store and state, as the next `prefs tui` would, and draws its first frame.
    package func restart(suite: String? = nil) {
        editor = Editor(model: Self.model(store, catalog, home, suite: suite, readOnly: false), backend: backend)
        editor.model.start()
        editor.draw()
    }

    /// Types input and draws the frame it leads to.
    @discardableResult
    package func type(_ events: InputEvent...) -> CellGrid {
        editor.step(events)
        editor.draw()
        return backend.screen ?? CellGrid(width: 0, height: 0)
    }

    /// One row of a frame as text.
    package func line(_ grid: CellGrid, _ y: Int) -> String {
        (0..<grid.width).filter { !grid[$0, y].isContinuation }.map { grid[$0, y].text }.joined()
    }

    /// The screen as text, with this fixture's temporary directory, times and pids made stable.
    package var screen: String {
        (backend.screen?.text ?? "")
            .replacingOccurrences(of: home.path, with: "<home>")
            .replacingOccurrences(of: #"\d{4}-\d\d-\d\dT[0-9:.]+Z"#, with: "<time>", options: .regularExpression)
            .replacingOccurrences(
                of: #"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} [+-]\d\d:\d\d"#, with: "<time>",
                options: .regularExpression
            )
            .replacingOccurrences(
                of: #"\b\d\d:\d\d:\d\d\.\d{3}( [+-]\d\d:\d\d|Z)"#, with: "<time>", options: .regularExpression
            )
            .replacingOccurrences(of: #"pid \d+"#, with: "pid <pid>", options: .regularExpression)
    }
}

/// Text as typed: one character event per character.
package func type(_ text: String) -> [InputEvent] {
    text.map { .character($0) }
}

/// Compares text with a reference file in `PrefsTUITests/Snapshots/`.
///
/// A missing reference is written and the check fails, so that a new snapshot is looked at before it is committed.
/// `PREFS_RECORD_SNAPSHOTS=1` rewrites them all.
package func expectSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
{
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PrefsTUITests/Snapshots/\(name).txt")
    let recording = ProcessInfo.processInfo.environment["PREFS_RECORD_SNAPSHOTS"] == "1"
    guard !recording, let reference = try? String(contentsOf: file, encoding: .utf8) else {
        try (text + "\n").write(to: file, atomically: true, encoding: .utf8)
        Issue.record("recorded snapshot \(name); check it and run again", sourceLocation: sourceLocation)
        return
    }
    #expect(text + "\n" == reference, "snapshot \(name) differs", sourceLocation: sourceLocation)
}

/// The application layer on a file store and a schema source, as `prefs` opens it for the editor.
package func toolContext(_ store: FileStore, _ schemas: some PreferenceSchemaSource & Sendable) -> ToolContext {
    ToolContext(
        locationDescription: store.locationDescription, open: { _ in store },
        schemas: { schemas })
}
