import Foundation
import PrefsTestSupport
import Synchronization
import Testing

/// What runs `prefs` command lines for a test: spawned as a program (``PrefsCLI``), or in the test's own process
/// (`InProcessPrefs`, in PrefsToolsTests), each in folders of its own.
///
/// Helpers that set a scene (install a schema, write keys) are written once against it, so a test moves from one to
/// the other by its runner alone.
package protocol PrefsCommandRunner {
    /// The scope's own folder, where tests put documents to import.
    var home: TemporaryDirectory { get }
    /// The configuration directory, `$XDG_CONFIG_HOME`.
    var configDirectory: URL { get }
    /// The variables a `prefs` started for this scope runs with: its `HOME` and `XDG_*` folders.
    var environment: [String: String] { get }

    /// Runs a command line to its end.
    ///
    /// - Parameters:
    ///   - arguments: The words after `prefs`.
    ///   - input: What it reads as standard input, never a terminal; nothing unless given.
    /// - Returns: Its status and what it printed.
    /// - Throws: When the program cannot be started.
    func run(_ arguments: [String], input: Data?) throws -> PrefsRun
}

/// How a run of `prefs` ended: its status and what it printed.
package struct PrefsRun: Sendable {
    package let status: Int32
    package let output: String
    package let error: String
    /// Whether the run was killed for taking longer than its time limit (spawned runs only).
    package var timedOut = false

    package init(status: Int32, output: String, error: String, timedOut: Bool = false) {
        self.status = status
        self.output = output
        self.error = error
        self.timedOut = timedOut
    }

    /// The standard output's lines.
    package var lines: [String] {
        output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

extension PrefsCommandRunner {
    /// Installs a schema manifest with `prefs schema install`, as a user installs an app's, and expects it to take.
    ///
    /// - Parameter manifest: The manifest's JSON, naming its suite.
    /// - Throws: The error of writing the manifest to the test's folder, or of running `prefs`.
    package func installSchema(_ manifest: String) throws {
        let file = home.url.appendingPathComponent("manifest-\(UUID().uuidString).json")
        try Data(manifest.utf8).write(to: file)
        let installed = try run(["schema", "install", file.path], input: nil)
        #expect(installed.status == 0, "\(installed.error)")
    }

    /// The file of a suite in the configuration directory.
    package func suiteFile(_ suite: String) -> URL {
        configDirectory.appendingPathComponent("\(suite).plist")
    }

    /// Runs a command line given word by word.
    @discardableResult
    package func run(_ arguments: String..., input: Data? = nil) throws -> PrefsRun {
        try run(arguments, input: input)
    }

    /// Installs a schema manifest, as `prefs schema install FILE` does.
    ///
    /// - Parameters:
    ///   - manifest: The manifest's JSON text.
    ///   - name: The file's name in the scope's folder.
    /// - Throws: When the file cannot be written, or `prefs` cannot be run.
    /// - Returns: How the install ended.
    @discardableResult
    package func installSchema(_ manifest: String, as name: String = "schema.json") throws -> PrefsRun {
        let file = home.url.appendingPathComponent(name)
        try Data(manifest.utf8).write(to: file)
        return try run(["schema", "install", file.path], input: nil)
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
    package func waitUntilWatching(_ watcher: some WatchedLines, suite: String, key: String = "ready") throws -> Bool {
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

    /// Runs the built `prefs` as a process of its own, in this scope's folders, to completion, with standard input
    /// from `input` (empty when `nil`, so never a terminal): for what only a process has, such as its name in the
    /// journal or its time zone.
    ///
    /// A run that has not finished after `timeout` is killed and reported as ``PrefsRun/timedOut``, so that a hang
    /// fails its test instead of holding up the whole run.
    @discardableResult
    package func spawn(
        _ arguments: [String], input: Data? = nil, timeout: Duration = .seconds(60),
        extraEnvironment: [String: String] = [:]
    ) throws -> PrefsRun {
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
        return PrefsRun(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            error: String(decoding: error, as: UTF8.self), timedOut: killed.withLock { $0 })
    }
}
