import ArgumentParser
import PrefsTools

/// `prefs recover SUITE`: moves an unreadable suite's file aside, keeping it, and starts the suite afresh.
struct Recover: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "recover", abstract: "Move an unreadable suite's file aside (kept) and start the suite afresh.",
        discussion: """
            A suite whose file does not decode, or cannot be read, is left untouched: every write to it is refused. \
            This moves the file to <suite>.plist.corrupt-<time> beside it, where it stays for you to look at, and \
            starts the suite empty, or from the version the last write replaced (--from-previous), or from a property \
            list you choose, such as a backup made with `prefs export` (--from-file). The new contents are \
            journaled, so `prefs undo` and `prefs log` see them.
            """)

    @OptionGroup var options: SuiteOptions
    @Flag(help: "Restore the version the last write replaced, kept as .<suite>.plist.previous.")
    var fromPrevious = false
    @Option(help: "Restore this property list (XML or binary) instead.") var fromFile: String?

    func validate() throws {
        if fromPrevious && fromFile != nil {
            throw ValidationError("--from-previous and --from-file exclude each other.")
        }
    }

    func perform() throws {
        try SuiteRecovering.recover(
            options.suite, fromPrevious: fromPrevious, file: fromFile, json: options.json, in: options.openContext())
    }
}
