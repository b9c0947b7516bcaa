import ArgumentParser
import PrefsCore
import PrefsTools

/// `prefs apply FILE`: the changes a `prefs record` script holds, checked and written, one undo step per suite.
struct Apply: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply", abstract: "Apply a script prefs record wrote, checked as prefs write checks.",
        discussion: """
            Reads only the prefs write and prefs delete lines prefs record writes (any other line is refused, with \
            its number, and nothing is applied), checks every value as prefs write does (type, schema, locks, \
            precision), and writes each suite's changes as one write, so that one prefs undo takes a suite's back. \
            Keys that already hold the script's value are left alone: applying twice changes nothing the second \
            time. On a terminal the changes are shown and applied only on a yes (--yes skips the question); \
            --dry-run prints them anywhere and writes nothing. FILE - reads standard input.
            """)

    // No --json: what it applied is said on standard error, the changes shown as lines.
    @OptionGroup var options: StoreOptions
    @Argument(help: "The script, or - for standard input.", completion: .file()) var file: String
    @Flag(help: "Show the values of keys the schema marks secret, rather than \(Secrets.mask).") var reveal = false
    @Flag(help: "Print what would change, and write nothing.") var dryRun = false
    @Flag(help: "Apply without showing the changes first and asking, on a terminal.") var yes = false

    func perform() throws {
        let context = options.openContext()
        let text = String(decoding: try InputFile.read(file, maximumSize: 64 << 20), as: UTF8.self)
        let plan = try ScriptApply.plan(text, in: context)
        guard plan.count > 0 else { return Output.note("nothing to apply: every key already holds its value") }
        if dryRun {
            Output.lines(plan.lines)
            return Output.note("--dry-run: nothing was applied")
        }
        if !yes && Output.inputIsTerminal && Output.isTerminal {
            Output.lines(plan.lines)
            guard Output.confirm("Apply these \(plan.count) change(s) to \(plan.suites.count) suite(s)?") else {
                throw ToolError("nothing was applied", code: .refused)
            }
        }
        try ScriptApply.apply(plan, in: context)
        Output.note("applied \(plan.count) change(s) to \(plan.suites.count) suite(s)")
    }
}
