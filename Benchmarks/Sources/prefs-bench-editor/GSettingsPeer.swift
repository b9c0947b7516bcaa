import PrefsStores
import PrefsTUI
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The editor on GNOME's settings, in a process of its own, as `prefs --store gsettings tui` starts.
enum GSettingsPeer {
    /// Opens GSettings as `prefs --store gsettings` does, lists every installed schema, relocatable instance and dconf
    /// path in the editor and draws the first frame into a headless terminal of 120 × 40; prints how many suites the
    /// editor listed.
    ///
    /// - Throws: When the store cannot be opened, or the frame does not show `org.gnome.desktop.interface`.
    static func firstFrame() throws {
        let context = StoreResolver.context(
            configDirectory: URL(fileURLWithPath: "/nonexistent"), storeURL: StoreResolver.gsettings)
        guard let store = try context.store(creating: false) else { throw ToolError("no GSettings store") }
        let data = EditorData(store: store, schemas: try context.schemas(), tools: context)
        let model = EditorModel(data: data)
        // The model reads nothing until started, as `prefs tui` starts it (issue 42).
        model.start()
        let frame = EditorView(model: model, unicode: true, color: true).render(width: 120, height: 40)
        // A frame without GNOME's schemas would time nothing worth timing; past a screenful they open as a tree
        // (`org.` and dconf's `/org/nu/`), each suite read when its level is shown.
        let names = data.suiteNames()
        guard names.contains("org.gnome.desktop.interface"), frame.text.contains("org.") else {
            throw ToolError("the editor lists no GNOME schema:\n\(frame.text)")
        }
        print(names.count)
    }
}
