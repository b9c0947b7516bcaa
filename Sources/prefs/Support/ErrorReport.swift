import ArgumentParser
import Foundation
import PrefsKit
import PrefsTools

/// How `prefs` reports a failure: `prefs: <message>` on standard error, or, when the command line asks for `--json`,
/// one JSON object there, `{"code": "no-suite", "message": "…", "status": 1}`, whose code is stable.
enum ErrorReport {
    /// Whether this command line asked for JSON; an argument after `--` is a value, not the flag.
    static let json = wantsJSON(Array(CommandLine.arguments.dropFirst()))

    /// Whether arguments hold the `--json` flag before any `--`.
    ///
    /// - Parameter arguments: The arguments after the program's name.
    /// - Returns: Whether `--json` is among the options.
    static func wantsJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }

    /// The error a command's `run()` throws for a failure of its work: usage errors and exits pass to
    /// argument-parser as they are; anything else is reported here and becomes exit status 1.
    ///
    /// - Parameter error: What the command's work threw.
    /// - Returns: The error for argument-parser.
    static func reported(_ error: any Error) -> any Error {
        if error is ExitCode || error is ValidationError { return error }
        report(error)
        return ExitCode.failure
    }

    /// Reports a failure of the command's own work (exit status 1).
    ///
    /// - Parameter error: The error; its description is the message.
    static func report(_ error: any Error) {
        guard json else { return Output.error("\(error)") }
        write(code: ErrorCode(of: error), message: "\(error)", status: ExitCode.failure.rawValue)
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
        write(code: .usage, message: message, status: status.rawValue)
        Foundation.exit(status.rawValue)
    }

    /// Writes the JSON object to standard error.
    private static func write(code: ErrorCode, message: String, status: Int32) {
        let object: [String: Any] = ["code": code.rawValue, "message": message, "status": Int(status)]
        FileHandle.standardError.write(Data((Output.jsonText(object) + "\n").utf8))
    }
}
