import ArgumentParser
import PrefsTools

/// `prefs watch [SUITE [KEY...]] [--suite SUITE...]`: one line per change, as it happens.
struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "Print every change as it happens, whoever makes it.",
        discussion: """
            Each line holds the time, the suite, the key, the new value and, when the history knows it, the \
            process that wrote it. Lines are written at once, so the output can be piped. With --json, each line is \
            a JSON object. When the store stops seeing changes for a while (a lost connection), a line saying so \
            goes to standard error. A key reset to its schema's default is printed with the default now in force. \
            Runs until interrupted.

            With a suite, only its changes are printed, and with keys after it, only theirs (as gsettings monitor \
            SCHEMA KEY); --suite adds whole suites to watch.
            """)

    @OptionGroup var options: GlobalOptions
    @Flag(help: "Show the values of keys the schema marks secret, rather than \(Secrets.mask).") var reveal = false
    @Argument(help: "The suite to watch; every suite when omitted.", completion: ShellCompletion.suites)
    var suite: String?
    @Argument(help: "The keys of the suite to watch; all of them when omitted.", completion: ShellCompletion.keys)
    var keys: [String] = []
    @Option(
        name: .customLong("suite"), help: "Another suite to watch, as a whole (may be repeated).",
        completion: ShellCompletion.suites)
    var otherSuites: [String] = []
    @Flag(help: "Write times in UTC (ISO 8601) rather than local time; JSON times are always UTC.") var utc = false

    func run() async throws {
        do {
            try await Secrets.$reveal.withValue(reveal) {
                try await ChangeWatch(
                    suites: (suite.map { [$0] } ?? []) + otherSuites, keys: keys, json: options.json, utc: utc
                ).run(in: options.openContext())
            }
        } catch {
            throw ErrorReport.reported(error)
        }
    }
}
