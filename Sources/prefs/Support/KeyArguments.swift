import ArgumentParser

/// The suite and key the one-key commands take: `read-type`, `describe` and `range`.
struct KeyArguments: ParsableArguments {
    @Argument(help: "The suite.")
    var suite: String

    @Argument(help: "The key.")
    var key: String
}
