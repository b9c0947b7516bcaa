import ArgumentParser
import PrefsKit
import PrefsNcurses
import PrefsStores
import PrefsTUI
import PrefsTools

/// `prefs tui [SUITE]`, and `prefs` alone on a terminal: the preferences editor.
struct Tui: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Browse and edit suites in the terminal; `prefs` alone on a terminal does the same.",
        discussion: "Other processes' changes appear as they happen. Press ? for the keys.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "Open at this suite's keys.", completion: ShellCompletion.suites)
    var suite: String?

    @Flag(help: "Browse without writing anything.")
    var readOnly = false

    @Flag(help: "Draw without colours, as NO_COLOR also asks.")
    var noColor = false

    func validate() throws {
        if options.json { throw ValidationError("The editor draws on the terminal and prints no JSON; drop --json.") }
    }

    func perform() throws {
        try Self.requireTerminal()
        let context = options.openContext()
        // A suite that does not exist yet opens empty, and is created by its first key.
        if let suite { try context.checkName(suite) }
        // Read-only creates nothing, not even the configuration directory.
        guard let store = try context.store(creating: !readOnly) else {
            throw ToolError(
                "nothing to browse: \(context.locationDescription) does not exist, and --read-only creates nothing",
                code: .noSuite)
        }
        let data = EditorData(store: store, schemas: try context.schemas(), tools: context)
        let bookmarks = Bookmarks(file: StoreResolver.stateFile("bookmarks.json"), location: store.locationDescription)
        let recovery = PendingRecovery(
            directory: StoreResolver.stateFile("recovery"), location: store.locationDescription)
        try Self.runEditor(
            EditorModel(data: data, suite: suite, readOnly: readOnly, bookmarks: bookmarks, recovery: recovery),
            noColor: noColor)
    }

    /// Refuses to start the editor when standard input or output is not a terminal.
    static func requireTerminal() throws {
        guard Output.inputIsTerminal && Output.isTerminal else {
            throw ToolError("the editor needs a terminal; use prefs read, write and watch in scripts", code: .refused)
        }
    }

    /// Runs the editor on the terminal until the user quits, then says what it kept.
    static func runEditor(_ model: EditorModel, noColor: Bool) throws {
        if let note = try TerminalEditor.run(model, noColor: noColor) { Output.note(TextEscaping.escaped(note)) }
    }
}
