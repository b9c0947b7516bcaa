import PrefsTools

/// Lets values such as `-7` follow a command without `--`: argument-parser reads any word starting with a dash as an
/// option, so a command line holding a negative number is rewritten with its options first, then `--`, then its
/// operands in their order.
enum NegativeNumbers {
    /// The commands whose operands may be negative numbers.
    static let commands: Set = ["write"]

    /// The command line, rewritten when it holds a negative number among the operands of one of ``commands``.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program's name, global options already after the subcommand.
    ///   - valued: The options that take a value as the next word.
    /// - Returns: The arguments, with options before a `--` and operands after it; unchanged when no operand is a
    ///   negative number, so that every other command line gets argument-parser's own messages.
    static func separated(_ arguments: [String], valued: Set<String>) -> [String] {
        guard let command = arguments.first, commands.contains(command) else { return arguments }
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        guard arguments[1..<end].contains(where: ValueText.isNegativeNumber) else { return arguments }
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
