import ArgumentParser

/// Reads `defaults`' spellings of `write`'s types (`prefs write S k -int 3`), which argument-parser cannot: it takes
/// a single-dash word longer than one letter for a cluster of short flags.
enum DefaultsSpelling {
    /// `defaults`' type flags and the `--type` each means.
    static let types = [
        "-string": "string", "-int": "int", "-integer": "int", "-float": "float", "-double": "float",
        "-bool": "bool", "-boolean": "bool", "-date": "date",
    ]

    /// `defaults`' flags that `prefs write` spells with two dashes.
    static let verbs = ["-array-add": "--array-add", "-dict-add": "--dict-add"]

    /// `defaults`' forms that mean something else here, with the form to use instead: a guess would store another
    /// value than the one meant (`-data` is hex there, base64 here).
    static let refused = [
        "-data": "prefs write reads data as base64, not hex: use --type data BASE64",
        "-array": #"prefs write takes an array as JSON: use --type json '["a", "b"]'"#,
        "-dict": #"prefs write takes a dictionary as JSON: use --type json '{"name": "value"}'"#,
    ]

    /// The command line with `defaults`' spellings of `write`'s options in `prefs`' own.
    ///
    /// - Parameter arguments: The arguments after the program's name, global options already after the subcommand.
    /// - Returns: The arguments, unchanged for any other command.
    /// - Throws: `ValidationError` naming the right form for `-data`, `-array` and `-dict`.
    static func translated(_ arguments: [String]) throws -> [String] {
        guard arguments.first == "write" else { return arguments }
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var result: [String] = []
        for (index, word) in arguments.enumerated() {
            if index < end, let type = types[word] {
                result += ["--type", type]
            } else if index < end, let verb = verbs[word] {
                result.append(verb)
            } else if index < end, let message = refused[word] {
                throw ValidationError(message + ".")
            } else {
                result.append(word)
            }
        }
        return result
    }
}
