import PrefsStores
import PrefsTUI
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The editor on a folder of suite files, in a process of its own, as `prefs --config-dir DIR tui` starts.
enum FilesPeer {
    /// Opens the folder as `prefs --config-dir` does, lists its suites in the editor and draws the first frame into a
    /// headless terminal of 120 × 40; prints how many suites the editor listed.
    ///
    /// - Parameter directory: The folder.
    /// - Throws: When the store cannot be opened, or the frame shows no suite.
    static func firstFrame(_ directory: String) throws {
        let context = StoreResolver.context(configDir: directory, storeURL: nil)
        guard let store = try context.store(creating: false) else { throw ToolError("no store at \(directory)") }
        let data = EditorData(store: store, schemas: try context.schemas(), tools: context)
        let frame = EditorView(model: EditorModel(data: data), unicode: true, color: true).render(
            width: 120, height: 40)
        let rows = data.suiteRows()
        // A frame without the suites would time nothing worth timing.
        guard let first = rows.first, frame.text.contains(first.name) else {
            throw ToolError("the first frame shows no suite:\n\(frame.text)")
        }
        print(rows.count)
    }
}
