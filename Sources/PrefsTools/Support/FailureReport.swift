public import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How `prefs` reports a failure: `prefs: <message>` on standard error, or, when the command line asks for `--json`,
/// one JSON object there, `{"code": "no-suite", "message": "…", "status": 1}`, whose code is stable.
public enum FailureReport {
    /// Whether arguments hold the `--json` flag before any `--`, after which it is a value.
    ///
    /// - Parameter arguments: The arguments after the program's name.
    /// - Returns: Whether `--json` is among the options.
    public static func wantsJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }

    /// The exit status a failure ends `prefs` with: 64 for a usage error (a query or path that is not understood),
    /// 1 for any other.
    public static func status(of error: any Error) -> Int32 {
        ErrorCode(of: error) == .usage ? 64 : 1
    }

    /// Reports a failure of a command's own work, which ends it with ``status(of:)``.
    ///
    /// - Parameters:
    ///   - error: The error; its description is the message, its ``/PrefsCore/ErrorCode`` the code.
    ///   - json: Whether the command line asked for JSON.
    public static func report(_ error: any Error, json: Bool) {
        guard json else { return Output.error("\(error)") }
        report(code: ErrorCode(of: error), message: "\(error)", status: status(of: error))
    }

    /// Writes the JSON object of a failure to standard error.
    ///
    /// - Parameters:
    ///   - code: The failure's kind.
    ///   - message: One line saying what is wrong.
    ///   - status: The exit status the process ends with.
    public static func report(code: ErrorCode, message: String, status: Int32) {
        let object: [String: Any] = ["code": code.rawValue, "message": message, "status": Int(status)]
        Output.note(Output.jsonText(object))
    }
}
