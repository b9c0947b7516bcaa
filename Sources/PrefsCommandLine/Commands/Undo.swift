import ArgumentParser
import PrefsTools

/// `prefs undo SUITE`: reverts the suite's newest writes, read from its history.
struct Undo: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo", abstract: "Revert a suite's last write, or several.",
        discussion: """
            Sets every key the newest write changed (all the keys of one import, one reset or one transaction) back \
            to what it held before, in one write, unless another writer changed one of them since; then nothing is \
            written. --steps N goes N writes back and --to TIME back to how the suite was at TIME (ISO 8601, a \
            local time as `prefs log` prints it, or a time ago: 90s, 5m, 2h, 1d); every step is checked first. On a \
            terminal, more than one write is shown and undone only on a yes (--yes skips the question); \
            --dry-run prints what would be undone anywhere, and writes nothing. The history is the file store's \
            journal or the PostgreSQL store's history table, shared with the editor's u: `prefs redo` makes undone \
            writes again.
            """)

    @OptionGroup var options: SuiteOptions
    @Flag(help: "Show the values of keys the schema marks secret, rather than \(Secrets.mask).") var reveal = false
    @Option(help: "How many writes to undo.") var steps = 1
    @Option(help: ArgumentHelp("Undo every write after this time: 2026-11-23 15:00, 5m...", valueName: "time"))
    var to: String?
    @Flag(help: "Revert keys another writer changed since.") var force = false
    @Flag(help: "Print what would be undone, and write nothing.") var dryRun = false
    @Flag(help: "Undo more than one write without showing them first and asking, on a terminal.") var yes = false

    func validate() throws {
        if steps < 1 { throw ValidationError("--steps must be at least 1.") }
        if to != nil && steps != 1 { throw ValidationError("Give --steps or --to, not both.") }
    }

    func perform() throws {
        let time = try to.map { try TimeText.parse($0) }
        let context = options.openContext()
        if dryRun {
            try UndoAction.plan(options.suite, steps: steps, after: time, in: context).print(json: options.json)
            return Output.note("--dry-run: nothing was undone")
        }
        // On a terminal, more than one write is shown before it is undone, and undone only on a yes.
        let asks = !yes && !options.json && Output.inputIsTerminal && Output.isTerminal
        let confirm: ((UndoAction.Outcome) -> Bool)? =
            asks
            ? { preview in
                Output.lines(preview.lines)
                return Output.confirm("Undo these \(preview.steps.count) writes of \(preview.suite)?")
            } : nil
        let outcome = try UndoAction.undo(
            options.suite, steps: steps, after: time, force: force, confirm: confirm, in: context)
        // What was shown before the question is not printed twice.
        if asks && outcome.steps.count > 1 {
            Output.line("undone: \(outcome.steps.count) writes of \(outcome.suite)")
        } else {
            outcome.print(json: options.json)
        }
    }
}
