import ArgumentParser
import PrefsNcurses
import PrefsStores

/// `prefs tui [SUITE]`, and `prefs` alone on a terminal: the preferences editor.
struct Tui: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui", abstract: "Browse and edit suites in the terminal, as `prefs` alone on a terminal does.",
        discussion: """
            With no --store, --config-dir or PREFS_STORE, every settings store here opens as one tree: prefs' own \
            suites (files), GNOME's (gsettings), KDE's (kconfig) and XFCE's (xfconf) where they hold settings, the \
            desktop's own first. Other processes' changes appear as they happen. Press ? for the keys.
            """)

    @OptionGroup var options: StoreOptions
    @Argument(
        help:
            "Open at this suite's keys; STORE:SUITE names one of another store (gsettings:org.gnome.desktop.interface).",
        completion: ShellCompletion.suites) var suite: String?
    @Flag(help: "Browse without writing anything.") var readOnly = false
    @Flag(help: "Draw without colours, as NO_COLOR also asks.") var noColor = false
    @Flag(help: "Show times in UTC (ISO 8601) rather than local time, as prefs log --utc does.") var utc = false

    func perform() throws {
        let opened = StoreResolver.editorContext(configDir: options.configDir, storeURL: options.store, suite: suite)
        try TerminalEditor.edit(
            opened.context, suite: opened.suite, readOnly: readOnly, state: { StoreResolver.stateFile($0) },
            noColor: noColor, utc: utc, theme: StoreResolver.themeText())
    }
}
