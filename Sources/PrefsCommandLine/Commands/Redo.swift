import ArgumentParser
import PrefsTools

/// `prefs redo SUITE`: makes again the writes `prefs undo` or the editor's `u` undid.
struct Redo: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo", abstract: "Make again a write that undo reverted.",
        discussion: """
            Redo is possible until another write is made to the suite, as in an editor. Like undo, it refuses when \
            another writer changed one of the keys since.
            """)

    @OptionGroup var options: SuiteOptions
    @Flag(help: "Show the values of keys the schema marks secret, rather than \(Secrets.mask).") var reveal = false
    @Option(help: "How many undos to redo.") var steps = 1
    @Flag(help: "Revert keys another writer changed since.") var force = false

    func validate() throws {
        if steps < 1 { throw ValidationError("--steps must be at least 1.") }
    }

    func perform() throws {
        try UndoAction.redo(options.suite, steps: steps, force: force, in: options.openContext()).print(
            json: options.json)
    }
}
