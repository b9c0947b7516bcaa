import ArgumentParser
import PrefsTools

/// `prefs delete SUITE KEY`: a key back to its default; `prefs delete SUITE`: the whole suite, as `defaults delete
/// DOMAIN` removes a domain.
struct Delete: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Remove a key, so that it reads as its default, or a whole suite.",
        discussion: """
            Without a key, the whole suite goes: every key in one write, and its file (kept as the previous version, \
            which prefs recover --from-previous restores); it leaves prefs suites and the editor, and prefs undo SUITE \
            brings it back whole. On PostgreSQL every stored key is deleted; on GSettings every key is reset. It asks \
            on a terminal; elsewhere it needs --force. With a key, --force makes a key or suite that is not there no \
            error, as rm -f does: nothing is written then.
            """)

    @OptionGroup var options: SuiteOptions
    @Argument(help: "The key; the whole suite without one.", completion: ShellCompletion.keys) var key: String?
    @Flag(help: "Remove the whole suite, as leaving out the key does.") var all = false
    @Flag(help: "Do not ask before removing the suite; with a key, a missing key or suite is no error.")
    var force = false
    @Option(help: ArgumentHelp("Remove only the part at this JSON Pointer.", valueName: "pointer")) var path: String?

    func validate() throws {
        if all && key != nil { throw ValidationError("Give a key or --all, not both.") }
        if key == nil && path != nil { throw ValidationError("--path needs a key.") }
    }

    func perform() throws {
        let confirm: ((String) -> Bool)? = Output.inputIsTerminal ? { Output.confirm($0) } : nil
        let changed = try SuiteEdit(suite: options.suite, context: options.openContext())
            .delete(key: all ? nil : key, at: path, force: force, confirm: confirm)
        ChangeReport.print(if: options.json, suite: options.suite, changed: changed)
    }
}
