import Foundation
import PrefsFileStore
import PrefsKit
import PrefsNcurses
import PrefsSystem
import PrefsTUI
import PrefsTools
import SystemPackage

/// `theme-demo edit`: the preferences editor embedded in an app, on the app's suite and with the app's own schema,
/// which need not be installed.
enum SettingsEditor {
    /// Runs the editor until the user quits.
    ///
    /// - Parameters:
    ///   - directory: The directory holding the suite.
    ///   - suite: The suite's name.
    ///   - schema: The app's schema for it.
    /// - Throws: ``DemoError`` without a terminal, or the store's or the terminal's error.
    static func run(directory: URL, suite: String, schema: PreferenceSchema) throws {
        guard Terminal.isTerminal(.standardInput), Terminal.isTerminal(.standardOutput) else {
            throw DemoError("edit needs a terminal")
        }
        let store = try FileStore(directory: directory, launchArguments: .none)
        let schemas = GivenSchemas([suite: schema], fallback: store.schemaSource)
        let tools = ToolContext(
            locationDescription: store.locationDescription, codec: FilePropertyListCodec(), open: { _ in store },
            schemas: { schemas })
        let data = EditorData(store: store, schemas: schemas, tools: tools)
        // Other processes' changes show while the store's service runs, for as long as the editor does.
        if let note = try TerminalEditor.run(EditorModel(data: data, suite: suite)) {
            FileHandle.standardError.write(Data("\(TextEscaping.escaped(note))\n".utf8))
        }
    }
}
