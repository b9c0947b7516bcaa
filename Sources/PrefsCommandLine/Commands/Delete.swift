import ArgumentParser
import PrefsTools

/// `prefs delete SUITE KEY` and `prefs delete SUITE --all`: back to the defaults.
struct Delete: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Remove a key, or every key, so that it reads as its default.",
        discussion: """
            --all asks for confirmation on a terminal; elsewhere it needs --force. With a key, --force makes a key or \
            suite that is not there no error, as rm -f does: nothing is written then.
            """)

    @OptionGroup var options: SuiteOptions
    @Argument(help: "The key.", completion: ShellCompletion.keys) var key: String?
    @Flag(help: "Remove every key of the suite.") var all = false
    @Flag(help: "Do not ask before removing every key; with a key, a missing key or suite is no error.")
    var force = false
    @Option(help: ArgumentHelp("Remove only the part at this JSON Pointer.", valueName: "pointer")) var path: String?

    func validate() throws {
        if all && key != nil { throw ValidationError("Give a key or --all, not both.") }
        if !all && key == nil { throw ValidationError("Give the key to delete, or --all.") }
        if all && path != nil { throw ValidationError("--path needs a key, not --all.") }
    }

    func perform() throws {
        let confirm: ((String) -> Bool)? = Output.inputIsTerminal ? { Output.confirm($0) } : nil
        let changed = try SuiteEdit(suite: options.suite, context: options.openContext())
            .delete(key: all ? nil : key, at: path, force: force, confirm: confirm)
        ChangeReport.print(if: options.json, suite: options.suite, changed: changed)
    }
}
