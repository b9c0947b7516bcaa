import ArgumentParser
import PrefsCore
import PrefsTools

/// How `prefs` ends on a failure, as ``PrefsTools/FailureReport`` words it, with argument-parser's exit statuses.
enum ErrorReport {
    /// Whether this command line asked for JSON.
    static let json = FailureReport.wantsJSON(Array(CommandLine.arguments.dropFirst()))

    /// The error a command's `run()` throws for a failure of its work: usage errors and exits pass to
    /// argument-parser as they are; anything else is reported here and becomes exit status 1.
    ///
    /// - Parameter error: What the command's work threw.
    /// - Returns: The error for argument-parser.
    static func reported(_ error: any Error) -> any Error {
        if error is ExitCode || error is ValidationError { return error }
        // A reader that stopped reading (`prefs read | head -1`) wanted no more: the command ends without a word.
        if let failure = error as? OutputFailure, failure.readerWentAway { return ExitCode.failure }
        FailureReport.report(error, json: json)
        return ExitCode.failure
    }

    /// Ends the process for an error argument-parser raised or passed on: usage errors, help, `--version`.
    ///
    /// Under `--json` a usage error becomes the JSON object with code `usage`; help and the version print as usual,
    /// since they were asked for.
    ///
    /// - Parameter error: The error.
    static func exit(with error: any Error) -> Never {
        let status = Prefs.exitCode(for: error)
        guard json, status != .success, !(error is ExitCode) else { Prefs.exit(withError: error) }
        let message = Prefs.message(for: error).split(separator: "\n").first.map(String.init) ?? "usage error"
        FailureReport.report(code: .usage, message: message, status: status.rawValue)
        Prefs.exit(withError: status)
    }
}
