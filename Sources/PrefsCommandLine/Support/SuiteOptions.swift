import ArgumentParser
import PrefsTools

/// The global options and the suite operand, which most commands take first.
struct SuiteOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The suite.", completion: ShellCompletion.suites) var suite: String

    /// Whether `--json` was given.
    var json: Bool { global.json }

    /// Opens the store the global options name (``GlobalOptions/openContext()``).
    func openContext() -> ToolContext { global.openContext() }
}
