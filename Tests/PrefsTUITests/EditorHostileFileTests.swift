import Foundation
import PrefsFileStore
import PrefsTUI
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// A file no reader can take, appearing while the store is watched, stops neither the watcher nor the editor.
@Suite(.threadOfItsOwn) struct EditorHostileFileTests {
    private static func nested(_ levels: Int) -> Data {
        Data(
            (#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>deep</key>"#
                + String(repeating: "<array>", count: levels) + String(repeating: "</array>", count: levels)
                + "</dict></plist>").utf8)
    }

    @Test func aDeepFileAppearingInTheDirectoryDoesNotStopAWatcherOrTheEditor() throws {
        let scope = try ScopedFileStore()
        let recorder = ChangeRecorder()
        let observation = scope.store.addObserver { recorder.record($0) }
        defer { observation.cancel() }
        try Self.nested(50_000).write(to: scope.configDirectory.appendingPathComponent("bomb.plist"))
        #expect(eventually { (try? scope.store.suite("bomb").problem) != nil })
        // The watcher lives on: another suite's change still arrives.
        try scope.reopen().suite("calm").commit(["after": .int(1)])
        #expect(eventually { recorder.all.contains { $0.suite == "calm" && $0.key == "after" } })
        // And the editor lists the bomb as unreadable rather than dying on it.
        let backend = HeadlessBackend(width: 80, height: 12, supportsUnicode: true, usesColor: false)
        let catalog = SchemaCatalog(
            configDirectory: scope.configDirectory, environment: ["XDG_DATA_HOME": scope.directory.path])
        let editor = Editor(
            model: EditorModel(
                data: EditorData(store: scope.store, schemas: catalog, tools: toolContext(scope.store, catalog))),
            backend: backend)
        editor.model.start()
        editor.draw()
        let screen = backend.screen?.text ?? ""
        #expect(screen.contains("bomb") && screen.contains("unreadable"))
    }
}
