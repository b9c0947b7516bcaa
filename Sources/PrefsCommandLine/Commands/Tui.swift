import ArgumentParser
import PrefsNcurses
import PrefsStores

/// `prefs tui [SUITE]`, and `prefs` alone on a terminal: the preferences editor.
struct Tui: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui", abstract: "Browse and edit suites in the terminal, as `prefs` alone on a terminal does.",
        discussion: "Other processes' changes appear as they happen. Press ? for the keys.")

    @OptionGroup var options: StoreOptions
    @Argument(help: "Open at this suite's keys.", completion: ShellCompletion.suites) var suite: String?
    @Flag(help: "Browse without writing anything.") var readOnly = false
    @Flag(help: "Draw without colours, as NO_COLOR also asks.") var noColor = false
    @Flag(help: "Show times in UTC (ISO 8601) rather than local time, as prefs log --utc does.") var utc = false

    func perform() throws {
        try TerminalEditor.edit(
            options.openContext(), suite: suite, readOnly: readOnly, state: { StoreResolver.stateFile($0) },
            noColor: noColor, utc: utc)
    }
}
