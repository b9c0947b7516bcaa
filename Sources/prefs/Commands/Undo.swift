import ArgumentParser
import PrefsKit

/// `prefs undo SUITE`: reverts the newest change in the journal.
struct Undo: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Revert a suite's last change.",
        discussion: """
            Sets the key the newest journal record names back to its old value, unless it has changed again since. \
            The undo is itself a change: a second undo redoes.
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The suite.")
    var suite: String

    func perform() throws {
        try Context(options).requireFiles(for: "undo")
        let context = Context(options)
        let suite = try context.existingSuite(suite)
        guard let last = suite.history().last else {
            throw CLIError("nothing to undo in suite \(TextEscaping.quoted(suite.name)): its journal is empty")
        }
        let current = suite.primitiveValue(forKey: last.key)
        guard current == last.new else {
            let now = current.map { ValueText.inline($0, entry: nil) } ?? "(unset)"
            throw CLIError(
                "key \(TextEscaping.quoted(last.key)) changed again since (it is now \(now)); nothing was undone")
        }
        try suite.commit([last.key: last.old])
        let show = { (value: PropertyListValue?) in value.map { ValueText.inline($0, entry: nil) } ?? "(unset)" }
        Output.line("\(ValueText.key(last.key)): \(show(last.new)) -> \(show(last.old))")
    }
}
