import Foundation
import PrefsKit
import Synchronization

/// A child process running in the background, whose output lines can be awaited and which can be killed.
package final class RunningChild: Sendable {
    private let process: Process
    private let buffer = LineBuffer()
    /// The writing end of the child's standard input, when it was given a pipe.
    private let input: FileHandle?

    private final class LineBuffer: Sendable {
        private let state = Mutex<(lines: [String], partial: String, finished: Bool)>(([], "", false))

        package func append(_ text: String) {
            state.withLock { state in
                state.partial += text
                var parts = state.partial.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                state.partial = parts.removeLast()
                state.lines += parts
            }
        }

        package var lines: [String] { state.withLock { $0.lines } }

        /// Marks the end of output.
        package func finish() {
            state.withLock { $0.finished = true }
        }

        package var isFinished: Bool { state.withLock { $0.finished } }
    }

    /// Starts one of the package's executables.
    ///
    /// - Parameters:
    ///   - name: The executable.
    ///   - arguments: Its arguments.
    ///   - environment: Variables set on top of this process's environment.
    ///   - pipingInput: Whether to give it a pipe as standard input, closed by ``closeInput()``.
    ///   - readingErrors: Whether its standard error goes into ``output`` too, for a program that says on it what it
    ///     is doing (`prefs record`).
    /// - Throws: When the executable cannot be found or started.
    package init(
        _ name: String, _ arguments: [String], environment: [String: String] = [:], pipingInput: Bool = false,
        readingErrors: Bool = false
    ) throws {
        process = Process()
        process.executableURL = try ChildProcess.executable(named: name)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if pipingInput {
            let pipe = Pipe()
            process.standardInput = pipe
            input = pipe.fileHandleForWriting
        } else {
            input = nil
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = readingErrors ? output : FileHandle.standardError
        try process.run()
        // A plain thread with blocking reads, rather than a readability handler: Foundation's dispatch source for a
        // handler can outlive the pipe and crash the test runner.
        let reader = output.fileHandleForReading
        Thread.detachNewThread { [buffer] in
            // `availableData` returns as soon as anything arrives; `read(upToCount:)` waits for the whole count.
            while case let data = reader.availableData, !data.isEmpty {
                buffer.append(String(decoding: data, as: UTF8.self))
            }
            buffer.finish()
        }
    }

    package var pid: Int32 { process.processIdentifier }

    /// Why the child ended: an exit, or a signal such as SIGILL from a failed precondition.
    package var terminationReason: Process.TerminationReason { process.terminationReason }

    /// Whether the child has exited.
    package var hasExited: Bool { !process.isRunning }

    /// Closes the child's standard input, which tells the helpers that wait for it to finish.
    package func closeInput() {
        try? input?.close()
    }

    /// Writes text to the child's standard input, when it was started with a pipe there.
    package func send(_ text: String) {
        try? input?.write(contentsOf: Data(text.utf8))
    }

    /// Every complete line printed so far.
    package var output: [String] { buffer.lines }

    /// Waits until a printed line satisfies `predicate`, or the process exits, or the time runs out.
    @discardableResult
    package func waitForLine(timeout: Duration = .seconds(20), where predicate: (String) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if output.contains(where: predicate) { return true }
            if !process.isRunning { return output.contains(where: predicate) }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return false
    }

    /// Kills the process with SIGKILL and waits for it and for the rest of its output.
    package func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        _ = wait()
    }

    /// Waits for the process to exit and for all of its output, and returns its exit status.
    package func wait() -> Int32 {
        process.waitUntilExit()
        _ = eventually(timeout: .seconds(5)) { buffer.isFinished }
        return process.terminationStatus
    }
}

/// Polls until `condition` holds or the time runs out.
package func eventually(timeout: Duration = .seconds(10), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.002)
    }
    return condition()
}

/// Collects what a store's observers receive.
package final class ChangeRecorder: Sendable {
    package init() {}

    private let changes = Mutex<[PersistentKeyValueChange]>([])

    package func record(_ batch: [PersistentKeyValueChange]) {
        changes.withLock { $0 += batch }
    }

    package var all: [PersistentKeyValueChange] { changes.withLock { $0 } }

    private let reported = Mutex<[String]>([])

    package func problem(_ reason: String) {
        reported.withLock { $0.append(reason) }
    }

    /// The problems the store reported to its observers.
    package var problems: [String] { reported.withLock { $0 } }
}

/// Polls until `condition` holds or the time runs out, without holding a thread of the cooperative pool: for async
/// tests whose own tasks must run meanwhile.
///
/// The default is long because the pool can be starved for as long as the parallel test run lasts: synchronous tests
/// hold its threads (two on a 2-CPU machine) while they wait for child processes, and every hop of a watch (the task,
/// swift-configuration's combining task, each stream) queues behind them. On CI a `watchInt` whose first value was
/// yielded at once had not reached its handler 60 s later. A working watch returns as soon as the condition holds.
package func waitUntil(timeout: Duration = .seconds(240), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return condition()
}
