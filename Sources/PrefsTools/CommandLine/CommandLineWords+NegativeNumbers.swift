extension CommandLineWords {
    /// The commands whose operands may be negative numbers.
    static let commandsTakingNumbers: Set = ["write"]

    /// Lets values such as `-7` follow a command without `--`: argument-parser reads any word starting with a dash
    /// as an option, so a command line holding a negative number is rewritten with its options first, then `--`,
    /// then its operands in their order.
    ///
    /// - Parameter arguments: The arguments after the program's name, global options already after the subcommand.
    /// - Returns: The arguments, with options before a `--` and operands after it; unchanged when no operand is a
    ///   negative number.
    public static func separatingNegativeNumbers(_ arguments: [String]) -> [String] {
        guard let command = arguments.first, commandsTakingNumbers.contains(command) else { return arguments }
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        guard arguments[1..<end].contains(where: ValueText.isNegativeNumber) else { return arguments }
        let valued = CommandOptions.takingValue(in: command)
        var options: [String] = []
        var operands: [String] = []
        var index = 1
        while index < end {
            let word = arguments[index]
            if valued.contains(word), index + 1 < end {
                options += [word, arguments[index + 1]]
                index += 2
                continue
            }
            if word.hasPrefix("-") && !ValueText.isNegativeNumber(word) {
                options.append(word)
            } else {
                operands.append(word)
            }
            index += 1
        }
        let after = end < arguments.endIndex ? Array(arguments[(end + 1)...]) : []
        return [command] + options + ["--"] + operands + after
    }
}
