import PrefsCore
import PrefsTUI
public import PrefsTools

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension TerminalEditor {
    /// Refuses to start the editor when standard input or output is not a terminal.
    ///
    /// - Throws: ``PrefsTools/ToolError`` with code `refused`, pointing scripts to the commands made for them.
    public static func requireTerminal() throws {
        guard Output.inputIsTerminal && Output.isTerminal else {
            throw ToolError("the editor needs a terminal; use prefs read, write and watch in scripts", code: .refused)
        }
    }

    /// What `prefs tui` does: opens the store, runs the editor on the terminal until the user quits, then says on
    /// standard error what it kept.
    ///
    /// - Parameters:
    ///   - context: The store and its schemas.
    ///   - suite: The suite whose keys to open at; one that does not exist yet opens empty and is created by its
    ///     first key.
    ///   - readOnly: Whether nothing may be written; then nothing is created, not even the configuration directory.
    ///   - state: Where the user's bookmarks and the pending changes kept at an abrupt end are kept, by file name
    ///     (`bookmarks.json`, `recovery`); nowhere when `nil`.
    ///   - noColor: Draw without colours.
    ///   - utc: Show times in UTC (ISO 8601) rather than local time.
    ///   - greeting: What the editor says first, if anything (the demo's line for another shell).
    ///   - theme: The text of the user's theme file, or why it could not be read; none when `nil`.
    /// - Throws: ``PrefsTools/ToolError`` without a terminal, for an invalid suite name or, read-only, a store that
    ///   does not exist; the store's or the terminal's error.
    public static func edit(
        _ context: ToolContext, suite: String?, readOnly: Bool, state: ((String) -> URL)?, noColor: Bool,
        utc: Bool = false, greeting: String? = nil, theme: Result<String?, ToolError> = .success(nil)
    ) throws {
        try requireTerminal()
        if let suite { try context.checkName(suite) }
        let machine = context.machineStore(creating: !readOnly)
        guard let store = try machine ?? context.store(creating: !readOnly) else {
            throw ToolError(
                "nothing to browse: \(context.locationDescription) does not exist, and --read-only creates nothing",
                code: .noSuite)
        }
        let data = EditorData(
            store: store, schemas: try context.schemas(), tools: context, utc: utc, machine: machine)
        let location = store.locationDescription
        let model = EditorModel(
            data: data, suite: suite, readOnly: readOnly,
            bookmarks: state.map { Bookmarks(file: $0("bookmarks.json"), location: location) },
            recovery: state.map { PendingRecovery(directory: $0("recovery"), location: location) })
        let themeFile: ThemeFile
        switch theme {
        case .success(let text): themeFile = text.map { ThemeFile(parsing: $0) } ?? .none
        case .failure(let problem): themeFile = ThemeFile(parsing: "", problems: ["\(problem)"])
        }
        // A theme's problems are said first: its other lines apply.
        for problem in themeFile.problems { model.greet(problem) }
        if let greeting { model.greet(greeting) }
        if let note = try run(model, noColor: noColor, themeFile: themeFile) { Output.note(TextEscaping.escaped(note)) }
    }
}
