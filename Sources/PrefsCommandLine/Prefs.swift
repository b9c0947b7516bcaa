import ArgumentParser
import PrefsTools

/// The `prefs` command line: read, write and watch the suites of a configuration directory.
struct Prefs: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prefs", abstract: "Read, write and watch preferences stored as UserDefaults-compatible suites.",
        discussion: """
            Suites are XML property lists in the configuration directory ($XDG_CONFIG_HOME, else ~/.config), \
            shared with Foundation's UserDefaults. Writes are process-safe and journaled: `prefs log` shows who \
            changed what. When a schema is installed for a suite (`prefs schema install`), values are checked \
            against its types, ranges and choices.

            Exit status: 0 on success, 1 on errors (with a message on standard error), 64 on usage errors. With \
            --json, an error is one JSON object on standard error, {"code": "no-suite", "message": "...", "status": 1}, \
            whose code is stable.

            Environment: XDG_CONFIG_HOME (the suites), XDG_DATA_HOME (installed schemas), XDG_STATE_HOME (journals), \
            PREFS_STORE (the store, as --store names it), PREFS_LOG_LEVEL (library logging; error by default), \
            PREFS_DEMO_ASSETS (suites and schemas for `prefs demo`), NO_COLOR (an editor without colours).

            Completion: prefs --generate-completion-script bash|zsh|fish completes suite names, keys and choices.

            Other tools' verbs are taken as prefs' own: \(ForeignVerbs.help).
            """,
        version: PrefsVersion.current,
        subcommands: [
            Suites.self, Read.self, ReadType.self, Write.self, Delete.self, Rename.self, Migrate.self, Watch.self,
            Record.self, Apply.self,
            Export.self, Import.self, Find.self, Diff.self, Log.self, Undo.self, Redo.self, Dump.self, Load.self,
            Describe.self, RangeCommand.self, Recover.self, SchemaCommand.self, Tui.self, Demo.self, DemoWriter.self,
        ])

    /// The store's options, declared here too for the shell's completion.
    ///
    /// Completion then skips them before the subcommand (`prefs --config-dir D read <Tab>` completes suites);
    /// `CommandLineWords` moves them after it before parsing. Not `--json`: the editor takes none, and the root's would be taken for it without a word.
    @OptionGroup var options: StoreOptions
}
