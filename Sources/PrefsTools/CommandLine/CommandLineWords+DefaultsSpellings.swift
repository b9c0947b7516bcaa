import PrefsCore

extension CommandLineWords {
    /// `defaults`' type flags and the `--type` each means.
    static let defaultsTypes = [
        "-string": "string", "-int": "int", "-integer": "int", "-float": "float", "-double": "float",
        "-bool": "bool", "-boolean": "bool", "-date": "date",
    ]

    /// `defaults`' flags that `prefs write` spells with two dashes.
    static let defaultsVerbs = ["-array-add": "--array-add", "-dict-add": "--dict-add"]

    /// `defaults`' forms that mean something else here, with the form to use instead: a guess would store another
    /// value than the one meant (`-data` is hex there, base64 here).
    static let refusedDefaultsForms = [
        "-data": "prefs write reads data as base64, not hex: use --type data BASE64",
        "-array": #"prefs write takes an array as JSON: use --type json '["a", "b"]'"#,
        "-dict": #"prefs write takes a dictionary as JSON: use --type json '{"name": "value"}'"#,
    ]

    /// Reads `defaults`' spellings of `write`'s types (`prefs write S k -int 3`) as `prefs`' own, which
    /// argument-parser cannot: it takes a single-dash word longer than one letter for a cluster of short flags.
    ///
    /// - Parameter arguments: The arguments after the program's name, global options already after the subcommand.
    /// - Returns: The arguments, unchanged for any other command.
    /// - Throws: ``ToolError`` with code `usage` naming the right form for `-data`, `-array` and `-dict`.
    public static func translatingDefaultsSpellings(_ arguments: [String]) throws -> [String] {
        guard arguments.first == "write" else { return arguments }
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var result: [String] = []
        for (index, word) in arguments.enumerated() {
            if index < end, let type = defaultsTypes[word] {
                result += ["--type", type]
            } else if index < end, let verb = defaultsVerbs[word] {
                result.append(verb)
            } else if index < end, let message = refusedDefaultsForms[word] {
                throw ToolError(message + ".", code: .usage)
            } else {
                result.append(word)
            }
        }
        return result
    }
}
