/// The rewriting of `prefs`' command line before argument-parser reads it, for the forms it cannot read as they are.
///
/// Each step says what argument-parser cannot do: global options before the subcommand
/// (``hoistingGlobalOptions(_:)``), `defaults`' single-dash type flags (``translatingDefaultsSpellings(_:)``), other
/// single-dash words it would take for clusters of flags (``refusingClusteredFlags(_:)``) and negative numbers among
/// operands (``separatingNegativeNumbers(_:)``). Each leaves every other command line as it
/// is, so that argument-parser gives its own messages.
public enum CommandLineWords {
    /// The command line as argument-parser is to read it.
    ///
    /// - Parameter arguments: The arguments after the program's name.
    /// - Returns: The arguments, rewritten by every step.
    /// - Throws: ``ToolError`` with code `usage`, naming the right form, for `defaults`' spellings that mean something
    ///   else here (`-data`, `-array`, `-dict`).
    public static func prepared(_ arguments: [String]) throws -> [String] {
        separatingNegativeNumbers(
            try refusingClusteredFlags(
                translatingDefaultsSpellings(ForeignVerbs.translating(hoistingGlobalOptions(arguments)))))
    }

    /// Moves global options written before the subcommand to just after it, so that `prefs --store URL read …`
    /// works as `prefs read --store URL …` does; argument-parser only reads a subcommand's options after its name.
    ///
    /// - Parameter arguments: The arguments after the program's name.
    /// - Returns: The arguments with leading `--config-dir DIR`, `--store URL` and `--json` moved after the
    ///   subcommand's name (both names for `schema show`).
    public static func hoistingGlobalOptions(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--json" || CommandOptions.global.contains(where: { word.hasPrefix($0 + "=") }) {
                leading.append(word)
                index += 1
            } else if CommandOptions.global.contains(word), index + 1 < arguments.count {
                leading += arguments[index...(index + 1)]
                index += 2
            } else {
                break
            }
        }
        guard !leading.isEmpty, index < arguments.count else { return arguments }
        var rest = Array(arguments[index...])
        let commandWords = CommandOptions.command(in: rest.prefix { !$0.hasPrefix("-") }).words
        rest.insert(contentsOf: leading, at: max(1, commandWords))
        return rest
    }
}
