import ArgumentParser
import PrefsTools

/// `prefs log [SUITE] [KEY]`: who changed what, and when, from the history; filtered by time and writer.
struct Log: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "log", abstract: "Print the change history: who changed what, and when.",
        discussion: """
            The history comes from the journal PrefsKit keeps for each configuration directory, or from the \
            PostgreSQL store's history table. A suite's changes are listed oldest first; with no suite, every \
            suite's changes are merged, newest first, each after its suite's name. --since and --until take a time \
            as undo --to does (ISO 8601, a local time as the log prints it, a time ago: 30m, 2h, 7d, or today); \
            --writer keeps the changes whose writer, as the log names it (prefs tui pid 812), holds the text. \
            Changes made by programs that do not use PrefsKit appear once a PrefsKit process saw them: named by \
            the process that called dconf or xfconfd where the session bus told it, else "writer not recorded".
            """)

    @OptionGroup var options: GlobalOptions
    @Flag(help: "Show the values of keys the schema marks secret, rather than \(Secrets.mask).") var reveal = false
    @Argument(help: "The suite; every suite when omitted.", completion: ShellCompletion.suites) var suite: String?
    @Argument(help: "Only this key's changes.", completion: ShellCompletion.keys) var key: String?
    @Option(name: [.customShort("n"), .long], help: "Print only the newest changes.") var limit: Int?
    @Option(
        help: ArgumentHelp(
            "Only changes made since this time: 30m, 2h, 7d, today, 2026-11-23 15:00...",
            valueName: "time")) var since: String?
    @Option(help: ArgumentHelp("Only changes made until this time, in the same forms.", valueName: "time"))
    var until: String?
    @Option(
        help: ArgumentHelp(
            "Only changes whose writer holds this text: prefs tui, a pid, a host...",
            valueName: "text")) var writer: String?
    @Flag(help: "Write times in UTC (ISO 8601) rather than local time; JSON times are always UTC.") var utc = false

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
    }

    func perform() throws {
        let context = options.openContext()
        if let suite { try context.checkName(suite) }
        let query = LogQuery(
            suite: suite, key: key, since: try since.map { try TimeText.parse($0) },
            until: try until.map { try TimeText.parse($0) }, writer: writer, limit: limit)
        try SuiteLog.print(query, utc: utc, json: options.json, in: context)
    }
}
