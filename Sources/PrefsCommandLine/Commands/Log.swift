import ArgumentParser
import PrefsTools

/// `prefs log SUITE [KEY]`: who changed what, and when, from the suite's history.
struct Log: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "log", abstract: "Print a suite's change history: who changed what, and when.",
        discussion: """
            The history comes from the journal PrefsKit keeps for each configuration directory, or from the \
            PostgreSQL store's history table. Changes made by programs that do not use PrefsKit appear as made by \
            an unknown writer, once a PrefsKit process saw them.
            """)

    @OptionGroup var options: SuiteOptions
    @Flag(help: "Show the values of keys the schema marks secret, rather than \(Secrets.mask).") var reveal = false
    @Argument(help: "Only this key's changes.", completion: ShellCompletion.keys) var key: String?
    @Option(name: [.customShort("n"), .long], help: "Print only the newest changes.") var limit: Int?
    @Flag(help: "Write times in UTC (ISO 8601) rather than local time; JSON times are always UTC.") var utc = false

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
    }

    func perform() throws {
        try SuiteLog.print(
            options.suite, key: key, limit: limit, utc: utc, json: options.json, in: options.openContext())
    }
}
