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

    /// Whether a store's name is a PostgreSQL store's: anything but `gsettings` that `--store` names.
    public static func namesPostgreSQL(_ store: String?) -> Bool {
        guard let store, !store.isEmpty else { return false }
        return store != "gsettings"
    }
}
