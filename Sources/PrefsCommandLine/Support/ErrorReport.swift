import ArgumentParser
import PrefsCore
import PrefsTools

/// How `prefs` ends on a failure, as ``PrefsTools/FailureReport`` words it, with argument-parser's exit statuses.
enum ErrorReport {
    /// Whether this command line asked for JSON: the process's, unless one run in-process is set for the task.
    @TaskLocal static var json = FailureReport.wantsJSON(Array(CommandLine.arguments.dropFirst()))

    /// The error a command's `run()` throws for a failure of its work: usage errors and exits pass to
    /// argument-parser as they are; anything else is reported here and becomes exit status 64 for a usage error, else 1.
    ///
    /// - Parameter error: What the command's work threw.
    /// - Returns: The error for argument-parser.
    static func reported(_ error: any Error) -> any Error {
        if error is ExitCode || error is ValidationError { return error }
        // A reader that stopped reading (`prefs read | head -1`) wanted no more: the command ends without a word.
        if let failure = error as? OutputFailure, failure.readerWentAway { return ExitCode.failure }
        FailureReport.report(error, json: json)
        return ExitCode(FailureReport.status(of: error))
    }

    /// Reports an error argument-parser raised or passed on (usage errors, help, `--version`) as `prefs` ends with
    /// it, and gives the exit status.
    ///
    /// Under `--json` a usage error becomes the JSON object with code `usage`; help and the version print as usual,
    /// on standard output, since they were asked for.
    ///
    /// - Parameter error: The error.
    /// - Returns: The exit status.
    static func ending(for error: any Error) -> Int32 {
        let status = Prefs.exitCode(for: error)
        if json, status != .success, !(error is ExitCode) {
            let message = Prefs.message(for: error).split(separator: "\n").first.map(String.init) ?? "usage error"
            FailureReport.report(code: .usage, message: message, status: status.rawValue)
            return status.rawValue
        }
        let message = Prefs.fullMessage(for: error)
        guard !message.isEmpty else { return status.rawValue }
        if status == .success {
            Output.line(message)
        } else if error is ExitCode {
            Output.note(message)
        } else {
            Output.note(oneLine(usage: message))
        }
        return status.rawValue
    }

    /// argument-parser's usage error (`Error: …`, a `Help:` line, the usage, `See 'prefs write --help'…`) as one
    /// line, as every other error of prefs is: what is wrong, then where the usage is.
    ///
    /// - Parameter message: argument-parser's message.
    /// - Returns: `prefs: missing expected argument '<key>'; prefs write --help shows the usage`.
    static func oneLine(usage message: String) -> String {
        let lines = message.split(separator: "\n").map { String($0.drop { $0 == " " }) }
        var first = lines.first.map { $0.hasPrefix("Error: ") ? String($0.dropFirst(7)) : $0 } ?? "usage error"
        if let letter = first.first, first.dropFirst().first?.isLowercase ?? true {
            first = letter.lowercased() + first.dropFirst()
        }
        if first.hasSuffix(".") { first.removeLast() }
        guard
            let see = lines.first(where: { $0.hasPrefix("See '") }),
            let help = see.dropFirst(5).split(separator: "'").first
        else { return "prefs: " + first }
        return "prefs: \(first); \(help) shows the usage"
    }
}
