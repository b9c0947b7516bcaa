import ArgumentParser

/// The suite and key the one-key commands take: `read-type`, `describe` and `range`.
struct KeyArguments: ParsableArguments {
    @Argument(help: "The suite.", completion: ShellCompletion.suites) var suite: String
    @Argument(help: "The key.", completion: ShellCompletion.keys) var key: String
}
