import ArgumentParser
import PrefsTools

/// `prefs rename SUITE OLD NEW`: a key's value moved to a new name in one write.
struct Rename: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Move a key's value to a new key, in one write.",
        discussion: """
            Like defaults rename. The old key is removed and the new one written in one write, which `prefs undo` \
            reverts whole. A new key that already holds a value, or that the suite's schema does not declare, needs \
            --force.
            """)

    @OptionGroup var options: SuiteOptions
    @Argument(help: "The key to rename.", completion: ShellCompletion.keys) var old: String
    @Argument(help: "Its new name.") var new: String
    @Flag(help: "Replace a value the new key holds, or write a key the schema does not declare.") var force = false

    func perform() throws {
        try SuiteEdit(suite: options.suite, context: options.openContext()).rename(old, to: new, force: force)
        ChangeReport.print(if: options.json, suite: options.suite, changed: [old, new])
    }
}
