extension CommandLineWords {
    /// The store a command line names: `--store URL` or `--store=URL` anywhere before `--`, else `PREFS_STORE` when
    /// set and not empty, as ``ToolContext``'s resolver reads them.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program's name.
    ///   - prefsStore: `PREFS_STORE`'s value, if set.
    /// - Returns: The store's URL (or `gsettings`), or `nil` for the configuration directory.
    public static func namedStore(in arguments: [String], prefsStore: String?) -> String? {
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let word = arguments[index]
            if word == "--store", index + 1 < arguments.count { return arguments[index + 1] }
            if word.hasPrefix("--store=") { return String(word.dropFirst("--store=".count)) }
            index += 1
        }
        return prefsStore.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The arguments with the value of every `--store URL` and `--store=URL` before `--` replaced: the words
    /// ``namedStore(in:prefsStore:)`` reads, and no other, so that a value that merely looks like a URL is never
    /// touched.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program's name.
    ///   - replacement: What each store's value becomes.
    /// - Returns: The arguments, as many as before.
    public static func replacingStore(in arguments: [String], with replacement: (String) -> String) -> [String] {
        var result = arguments
        var index = 0
        while index < result.count, result[index] != "--" {
            if result[index] == "--store", index + 1 < result.count {
                result[index + 1] = replacement(result[index + 1])
                index += 1
            } else if result[index].hasPrefix("--store=") {
                result[index] = "--store=" + replacement(String(result[index].dropFirst("--store=".count)))
            }
            index += 1
        }
        return result
    }

    /// Whether a command line only chooses a store: nothing, or global options with their values (`--store gsettings`,
    /// `--config-dir=DIR`), which alone on a terminal open the editor on that store, as `prefs` alone does.
    ///
    /// - Parameter arguments: The arguments after the program's name.
    /// - Returns: Whether no word names a command, an operand or another option.
    public static func onlyChoosesAStore(_ arguments: [String]) -> Bool {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if CommandOptions.global.contains(word), index + 1 < arguments.count {
                index += 2
            } else if CommandOptions.global.contains(where: { word.hasPrefix($0 + "=") }) {
                index += 1
            } else {
                return false
            }
        }
        return true
    }
}
