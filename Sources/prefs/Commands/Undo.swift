import ArgumentParser
import PrefsTools

/// `prefs undo SUITE`: reverts the newest write in the suite's history.
struct Undo: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Revert a suite's last change.",
        discussion: """
            Sets every key the newest write changed (one write of an import or a multi-key reset included) back to \
            what it held before, in one write, unless another writer changed one of them since. The history is \
            the file store's journal or the PostgreSQL store's history table. The undo is itself a write: a second \
            undo redoes.
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The suite.")
    var suite: String

    func perform() throws {
        let target = try options.context.existingSuite(suite)
        let undo = try SuiteUndo.lastWrite(of: target, name: suite)
        try undo.apply(to: target)
        Output.lines(undo.lines)
    }
}
