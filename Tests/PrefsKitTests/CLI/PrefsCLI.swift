import Foundation
import PrefsTestSupport

/// Runs the built `prefs` binary as a user would, with every XDG directory and `HOME` inside a temporary directory.
final class PrefsCLI: Sendable {
    struct Result {
        let status: Int32
        let output: String
        let error: String

        /// The standard output's lines.
        var lines: [String] {
            output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory(prefix: "prefs-cli")
    }

    /// The default configuration directory, `$XDG_CONFIG_HOME`.
    var configDirectory: URL { home.url.appendingPathComponent("config", isDirectory: true) }

    var environment: [String: String] {
        [
            "HOME": home.path,
            "XDG_CONFIG_HOME": configDirectory.path,
            "XDG_STATE_HOME": home.url.appendingPathComponent("state").path,
            "XDG_DATA_HOME": home.url.appendingPathComponent("data").path,
        ]
    }

    /// The file of a suite in the default configuration directory.
    func suiteFile(_ suite: String) -> URL {
        configDirectory.appendingPathComponent("\(suite).plist")
    }

    /// Runs `prefs` to completion with standard input from `input` (empty when `nil`, so never a terminal).
    @discardableResult
    func run(_ arguments: String..., input: Data? = nil) throws -> Result {
        try run(arguments, input: input)
    }

    @discardableResult
    func run(_ arguments: [String], input: Data? = nil) throws -> Result {
        let process = Process()
        process.executableURL = try ChildProcess.executable(named: "prefs")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: input ?? Data())
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let error = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            error: String(decoding: error, as: UTF8.self))
    }

    /// Starts a long-running `prefs` command, such as `watch`.
    func start(_ arguments: String...) throws -> RunningChild {
        try RunningChild("prefs", arguments, environment: environment)
    }
}
