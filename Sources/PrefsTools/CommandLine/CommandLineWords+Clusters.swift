import PrefsCore

extension CommandLineWords {
    /// Refuses a single-dash word of several letters (`-dash`) before `--`, which argument-parser would read as a
    /// cluster of short flags: `prefs write s -dash v` printed the help (for its `h`), exited 0 and wrote nothing.
    ///
    /// A key, suite or value that starts with a dash goes after `--`; `defaults`' spellings (`-int`) are read before
    /// this step, negative numbers after it, and the value of an option that takes one is left alone.
    ///
    /// - Parameter arguments: The arguments after the program's name, global options already after the subcommand.
    /// - Returns: The arguments, unchanged.
    /// - Throws: ``ToolError`` with code `usage` naming the word and the way out.
    public static func refusingClusteredFlags(_ arguments: [String]) throws(ToolError) -> [String] {
        guard let first = arguments.first, !first.hasPrefix("-") else { return arguments }
        let command = CommandOptions.command(in: arguments.prefix { !$0.hasPrefix("-") })
        guard !CommandOptions.takingDashedOperands.contains(command.name) else { return arguments }
        let valued = CommandOptions.takingValue(in: command.name)
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var index = command.words
        while index < end {
            let word = arguments[index]
            if valued.contains(word) {
                index += 2
                continue
            }
            if word.count > 2, word.hasPrefix("-"), !word.hasPrefix("--"), !ValueText.isNegativeNumber(word) {
                throw ToolError(
                    "unknown option \(TextEscaping.quoted(word)); a key, suite or value that starts with - goes after "
                        + "--, as in prefs \(command.name) -- \(word)",
                    code: .usage)
            }
            index += 1
        }
        return arguments
    }
}
