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

/// `prefs watch` running in this process, its output captured.
///
/// It is the same command, run as ``PrefsMain`` runs it, without a process of its own. The writes it reports come from other processes (`prefs-test-helper`, GLib's tools) or from
/// commands run in-process beside it.
package final class InProcessWatch: WatchedLines {
    private let capture: OutputCapture
    private let task: Task<Int32, Never>
    private let ended: EndedFlag

    /// Starts the watch a command line names; a command line that ends at once (a usage error) ends the watch with
    /// its status.
    ///
    /// - Parameters:
    ///   - arguments: The words after `prefs`.
    ///   - environment: The variables the command runs with, for its task only.
    init(_ arguments: [String], environment: [String: String]) {
        let capture = OutputCapture()
        self.capture = capture
        let ended = EndedFlag()
        self.ended = ended
        task = Output.$capture.withValue(capture) {
            ProcessEnvironment.$standIn.withValue(environment) {
                switch PrefsMain.outcome(of: arguments, bootstrapsLogging: false) {
                case .ended(let status):
                    Task { [ended] in
                        ended.raise()
                        return status
                    }
                // The task takes the capture and the environment with it, as task-local values.
                case .watching(let waiting):
                    Task { [ended] in
                        let status = await waiting.run()
                        ended.raise()
                        return status
                    }
                }
            }
        }
    }

    package var output: [String] {
        capture.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Whether the watch has ended, as it does when its output fails or its store's service dies.
    package var hasEnded: Bool { ended.isRaised }

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

/// Whether a watch's task has ended, set from the task and read from the test's thread.
private final class EndedFlag: Sendable {
    private let raised = Mutex(false)

    func raise() { raised.withLock { $0 = true } }

    var isRaised: Bool { raised.withLock { $0 } }
}
