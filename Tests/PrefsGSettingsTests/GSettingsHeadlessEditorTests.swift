import Foundation
import PrefsFileStore
import PrefsGSettings
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import PrefsTestSupport
import PrefsTools
import Testing

extension GSettingsInSession {
    /// The editor on GNOME's settings through the headless backend, in the child's private session: what the tmux
    /// test sees, checked on the model and the frame.
    @Suite struct HeadlessEditorTests {
        @Test func theEditorShowsTheSchemaEditsThroughItRefusesALockAndFollowsGSettings() throws {
            try GSettingsChild.reset("/")
            let journal = try TemporaryDirectory()
            let store = GSettingsStore(journalDirectory: journal.url)
            let tools = ToolContext(
                locationDescription: store.locationDescription, open: { _ in store },
                schemas: { store.schemaSource })
            let backend = HeadlessBackend(width: 120, height: 30, supportsUnicode: true, usesColor: false)
            let editor = Editor(
                model: EditorModel(
                    data: EditorData(store: store, schemas: store.schemaSource, tools: tools), suite: "org.prefs.test"),
                backend: backend)
            editor.model.start()
            let recorder = ChangeRecorder()
            let observation = store.addObserver({ recorder.record($0) }, onProblem: nil)
            defer { observation.cancel() }
            let running = Task { try await store.run() }
            defer { running.cancel() }
            func screen() -> String {
                editor.draw()
                return backend.screen?.text ?? ""
            }

            // Every key of the schema, the locked one marked so.
            let rows = screen().split(separator: "\n")
            #expect(rows.contains { $0.contains("clock-format") })
            #expect(rows.contains { $0.contains("locked-key") && $0.contains("locked ") }, "\(rows)")

            // Editing the locked key is refused with the reason, and nothing is written.
            editor.step([.character("/")] + type("locked") + [.key(.enter), .key(.enter)])
            #expect(
                editor.model.messages.current?.contains(
                    "locked-key cannot be changed: locked by the system administrator")
                    == true, "\(editor.model.messages.current ?? "")")
            #expect(try GSettingsChild.gsettings("get", "org.prefs.test", "locked-key") == "'set by the system'")

            // The schema's description is in the details; the choices key opens a picker of its choices.
            editor.step([.character("/"), .control("u")] + type("clock") + [.key(.enter)])
            #expect(editor.model.selectedKey?.key == "clock-format")
            #expect(screen().contains("Whether the clock shows 12 or 24 hours."))
            editor.step([InputEvent.key(.enter)])
            let picker = screen()
            #expect(picker.contains("12h") && picker.contains("24h") && picker.contains("┌"), "\(picker)")
            editor.step([InputEvent.key(.up), .key(.enter)])
            #expect(try GSettingsChild.gsettings("get", "org.prefs.test", "clock-format") == "'12h'")

            // gsettings, another program: its change reaches the editor through the store's observers.
            var attempt = 0
            // Until one arrives named: the store's monitor of the bus starts with run(), which may come after it.
            let named = { (change: PersistentKeyValueChange) in
                change.key == "name" && change.writer?.processName == "gsettings"
            }
            while !recorder.all.contains(where: named), attempt < 100 {
                attempt += 1
                try GSettingsChild.gsettings("set", "org.prefs.test", "name", "'bob \(attempt)'")
                _ = eventually(timeout: .milliseconds(200)) { recorder.all.contains(where: named) }
            }
            editor.receive(recorder.all)
            editor.step([.character("/"), .control("u")] + type("name") + [.key(.enter)])
            let followed = screen()
            #expect(followed.contains("bob \(attempt)"), "\(followed)")
            #expect(followed.contains("gsettings pid"), "\(followed)")

            // The suites screen counts the schema's keys, those set (clock-format and name) and the system
            // database's (locked-key).
            editor.step([.character("q"), .character("/")] + type("org.prefs.test") + [.key(.enter)])
            let suites = screen().split(separator: "\n")
            let row = suites.first { $0.contains("org.prefs.test ") && !$0.contains("org.prefs.test.") }
            #expect(row?.contains("20 keys, 2 set + 1 system") == true, "\(suites.prefix(8).joined(separator: " | "))")
        }

        @Test func theEditorListsDconfDirectoriesAndInstancesAndEditsAKeyNoSchemaDescribes() throws {
            try GSettingsChild.reset("/")
            try GSettingsChild.dconf("write", "/org/nu/edited/count", "1")
            try GSettingsChild.gsettings("set", "org.gnome.desktop.app-folders", "folder-children", "['Utilities']")
            let journal = try TemporaryDirectory()
            let store = GSettingsStore(journalDirectory: journal.url)
            let tools = ToolContext(
                locationDescription: store.locationDescription, open: { _ in store },
                schemas: { store.schemaSource })
            let backend = HeadlessBackend(width: 140, height: 30, supportsUnicode: true, usesColor: false)
            let editor = Editor(
                model: EditorModel(data: EditorData(store: store, schemas: store.schemaSource, tools: tools)),
                backend: backend)
            editor.model.start()
            func screen() -> String {
                editor.draw()
                return backend.screen?.text ?? ""
            }
            editor.step([.character("/")] + type("folders/Utilities") + [.key(.enter)])
            let instance = screen()
            #expect(
                instance.contains("org.gnome.desktop.app-folders.folder:/org/gnome/desktop/app-folders/folders/Util"))
            #expect(instance.contains("keys, 0 set"), "\(instance)")
            editor.step([.character("/"), .control("u")] + type("/org/nu/edited/") + [.key(.enter), .key(.enter)])
            #expect(screen().contains("count"), "\(screen())")
            // The details name the GVariant type the key is stored as, as read-type does.
            #expect(screen().contains("int (GVariant i)"), "\(screen())")
            editor.step([.key(.enter), .control("u")] + type("5") + [.key(.enter)])
            #expect(try GSettingsChild.dconf("read", "/org/nu/edited/count") == "5")
        }
    }
}
