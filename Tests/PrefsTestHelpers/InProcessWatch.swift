import Foundation
import PrefsCommandLine
import PrefsCore
import PrefsTools
import Synchronization

/// What a test reads of a running watch, wherever it runs: `prefs watch` spawned (``RunningChild``) or in this
/// process (``InProcessWatch``).
package protocol WatchedLines: Sendable {
    /// Every complete line printed so far to standard output.
    var output: [String] { get }

    /// Waits until a printed line satisfies `predicate`, or the watch ends, or the time runs out.
    ///
    /// - Returns: Whether such a line was printed.
    func waitForLine(timeout: Duration, where predicate: (String) -> Bool) -> Bool
}

extension WatchedLines {
    /// Waits up to 20 seconds for a printed line that satisfies `predicate`.
    package func waitForLine(where predicate: (String) -> Bool) -> Bool {
        waitForLine(timeout: .seconds(20), where: predicate)
    }
}

extension RunningChild: WatchedLines {}

/// `prefs watch` running in this process, as ``PrefsMain`` runs it, its output captured: the same command, without
/// a process of its own. The writes it reports come from other processes (`prefs-test-helper`, GLib's tools) or from
/// commands run in-process beside it.
package final class InProcessWatch: WatchedLines {
    private let capture: OutputCapture
    private let task: Task<Int32, Never>

    /// Starts the watch a command line names; a command line that ends at once (a usage error) ends the watch with
    /// its status.
    ///
    /// - Parameters:
    ///   - arguments: The words after `prefs`.
    ///   - environment: The variables the command runs with, for its task only.
    init(_ arguments: [String], environment: [String: String]) {
        let capture = OutputCapture()
        self.capture = capture
        task = Output.$capture.withValue(capture) {
            ProcessEnvironment.$standIn.withValue(environment) {
                switch PrefsMain.outcome(of: arguments, bootstrapsLogging: false) {
                case .ended(let status): Task { status }
                // The task takes the capture and the environment with it, as task-local values.
                case .watching(let waiting): Task { await waiting.run() }
                }
            }
        }
    }

    package var output: [String] {
        capture.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// What the watch wrote to standard error: the line saying it is watching, and any problem.
    package var error: String { capture.error }

    package func waitForLine(timeout: Duration, where predicate: (String) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if output.contains(where: predicate) { return true }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return output.contains(where: predicate)
    }

    /// Ends the watch, as an interrupt ends `prefs watch`.
    package func kill() {
        task.cancel()
    }

    /// Ends the watch and waits for it.
    ///
    /// - Returns: Its exit status: 0 unless its output failed.
    package func stop() async -> Int32 {
        task.cancel()
        return await task.value
    }
}
