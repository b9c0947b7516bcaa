import Foundation
import PrefsTestSupport
import Synchronization

/// Runs the built `prefs` binary as a user would, with every XDG directory and `HOME` inside a temporary directory.
package final class PrefsCLI: Sendable {
    package struct Result {
        package let status: Int32
        package let output: String
        package let error: String
        /// Whether the run was killed for taking longer than its time limit.
        package var timedOut = false

        /// The standard output's lines.
        package var lines: [String] {
            output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    package let home: TemporaryDirectory

    package init() throws {
        home = try TemporaryDirectory(prefix: "prefs-cli")
    }

    /// The default configuration directory, `$XDG_CONFIG_HOME`.
    package var configDirectory: URL { home.url.appendingPathComponent("config", isDirectory: true) }

    package var environment: [String: String] {
        [
            "HOME": home.path,
            "XDG_CONFIG_HOME": configDirectory.path,
            // System layers and locks come from a folder of the test's, never the machine's /etc/xdg.
            "XDG_CONFIG_DIRS": systemDirectory.path,
            "XDG_STATE_HOME": home.url.appendingPathComponent("state").path,
            "XDG_DATA_HOME": home.url.appendingPathComponent("data").path,
        ]
    }

    /// The folder of system layers and locks, `$XDG_CONFIG_DIRS`; not created until a test writes into it.
    package var systemDirectory: URL { home.url.appendingPathComponent("system", isDirectory: true) }

    /// The file of a suite in the default configuration directory.
    package func suiteFile(_ suite: String) -> URL {
        configDirectory.appendingPathComponent("\(suite).plist")
    }

    /// Runs `prefs` to completion with standard input from `input` (empty when `nil`, so never a terminal).
    ///
    /// A run that has not finished after `timeout` is killed and reported as ``Result/timedOut``, so that a hang
    /// fails its test instead of holding up the whole run.
    @discardableResult
    package func run(_ arguments: String..., input: Data? = nil, timeout: Duration = .seconds(60)) throws -> Result {
        try run(arguments, input: input, timeout: timeout)
    }

    @discardableResult
    package func run(
        _ arguments: [String], input: Data? = nil, timeout: Duration = .seconds(60),
        extraEnvironment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = try ChildProcess.executable(named: "prefs")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            .merging(extraEnvironment) { $1 }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let pid = process.processIdentifier
        let finished = Mutex(false)
        let killed = Mutex(false)
        Thread.detachNewThread {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                if finished.withLock({ $0 }) { return }
                Thread.sleep(forTimeInterval: 0.01)
            }
            if !finished.withLock({ $0 }) {
                killed.withLock { $0 = true }
                kill(pid, SIGKILL)
            }
        }
        try stdin.fileHandleForWriting.write(contentsOf: input ?? Data())
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let error = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        finished.withLock { $0 = true }
        return Result(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            error: String(decoding: error, as: UTF8.self), timedOut: killed.withLock { $0 })
    }

    /// Starts a long-running `prefs` command, such as `watch`.
    package func start(_ arguments: String...) throws -> RunningChild {
        try start(arguments)
    }

    /// Writes a marker key until a running `prefs watch` prints it, so that the watch is known to have started.
    ///
    /// - Parameters:
    ///   - watcher: The watch.
    ///   - suite: A suite it follows.
    ///   - key: The marker key, written with the attempt's number.
    /// - Returns: Whether it printed the marker within 100 attempts.
    /// - Throws: When `prefs write` cannot run.
    package func waitUntilWatching(_ watcher: RunningChild, suite: String, key: String = "ready") throws -> Bool {
        for attempt in 0..<100 {
            try run("write", suite, key, "\(attempt)")
            if watcher.waitForLine(
                timeout: .milliseconds(200),
                where: { $0.contains("\(suite) \(key) = ") || $0.contains(#""key":"\#(key)""#) })
            {
                return true
            }
        }
        return false
    }

    /// Starts a long-running `prefs` command, its arguments in an array.
    package func start(_ arguments: [String]) throws -> RunningChild {
        try RunningChild("prefs", arguments, environment: environment)
    }
}
