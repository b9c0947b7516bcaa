import PrefsStores
import PrefsTUI
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The editor on KDE's settings, in a process of its own, as `prefs --store kconfig tui` starts.
enum KConfigPeer {
    /// Opens the KConfig files of a folder as `prefs --store kconfig` does, lists them in the editor and draws the
    /// first frame into a headless terminal of 120 × 40; prints how many suites the editor listed.
    ///
    /// - Parameter directory: The configuration folder.
    /// - Throws: When the store cannot be opened, or the frame does not show the first file.
    static func firstFrame(directory: String) throws {
        let context = StoreResolver.context(
            configDirectory: URL(fileURLWithPath: directory, isDirectory: true), storeURL: StoreResolver.kconfig)
        guard let store = try context.store(creating: false) else { throw ToolError("no KConfig store") }
        let data = EditorData(store: store, schemas: try context.schemas(), tools: context)
        let model = EditorModel(data: data)
        // The model reads nothing until started, as `prefs tui` starts it (issue 42).
        model.start()
        let frame = EditorView(model: model, unicode: true, color: true).render(width: 120, height: 40)
        // A frame without the files would time nothing worth timing.
        guard frame.text.contains("app000rc") else { throw ToolError("the first frame shows no file:\n\(frame.text)") }
        print(data.suiteRows().count)
    }
}
