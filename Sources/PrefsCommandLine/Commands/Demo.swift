import ArgumentParser
import PrefsNcurses
import PrefsStores
import PrefsTools

/// `prefs demo`: the editor on a copy of the demo configuration, while a second process changes it.
struct Demo: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Open the editor on a demo configuration that another process keeps changing.",
        discussion: """
            The suites and schemas are compiled into prefs from Assets/demo; set PREFS_DEMO_ASSETS to a folder \
            holding config/ (suites) and schemas/ (manifests) to use your own, or install them as \
            share/prefs/demo beside the binary's bin/. A second prefs process writes a value every few seconds, so \
            that live changes show at once; the temporary directory is removed when the editor quits.
            """)

    /// Declared to refuse them: the root command takes the global options too (for completion), and argument-parser
    /// would otherwise accept them here and ignore them.
    @OptionGroup(visibility: .hidden) var options: GlobalOptions
    @Option(help: ArgumentHelp("Seconds between the second process's writes.", valueName: "seconds")) var interval = 3.0
    @Flag(help: "Draw without colours, as NO_COLOR also asks.") var noColor = false

    func validate() throws {
        if options.json { throw ValidationError("The editor draws on the terminal and prints no JSON; drop --json.") }
        if options.configDir != nil || options.store != nil {
            throw ValidationError("The demo works on a copy of its own; drop --config-dir and --store.")
        }
        if !(0.05...3600).contains(interval) {
            throw ValidationError("--interval must be between 0.05 and 3600 seconds")
        }
    }

    func perform() throws {
        try DemoActivity.run(interval: interval, after: TerminalEditor.requireTerminal) { files in
            // Said before the editor takes the screen, so that it is there after it quits, and in the editor.
            let line = "from another shell, as the demo's writer does: \(files.secondShellLine)"
            Output.note(line)
            try TerminalEditor.edit(
                files.context, suite: nil, readOnly: false, state: nil, noColor: noColor, greeting: line)
        }
    }
}
