import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A real terminal for end-to-end tests: a detached tmux server of its own, driven with send-keys and read with
/// capture-pane.
package final class TmuxSession {
    package let socket = "prefs-test-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"

    /// Starts `command` in a new session of a size.
    package init(_ command: String, width: Int = 100, height: Int = 24) throws {
        // Started with posix_spawn, signals unblocked and at their defaults: Foundation's Process passes on the
        // calling thread's mask, and a test runs on a libdispatch thread that blocks them, which left tmux unable to
        // notice its panes exit or to honour kill-server.
        _ = try CleanProcess.run([
            "tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", command,
        ])
        let deadline = ContinuousClock.now + .seconds(10)
        while try Self.tmux(["-L", socket, "has-session"]).status != 0 {
            guard ContinuousClock.now < deadline else { throw CocoaError(.executableLoad) }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Runs a program built beside the tests in a new terminal, with a CLI scope's environment.
    ///
    /// The locale is UTF-8. The shell reports how the program exited (`EXITED <status>`) and stays, so that the
    /// screen after it can be read. The report starts a line of its own after a CAN byte (0x18): a program killed in
    /// the middle of an escape sequence leaves the terminal parsing it, and in raw mode, where a newline does not
    /// return the carriage, so the report would otherwise be swallowed or wrapped in two.
    ///
    /// - Parameters:
    ///   - program: The executable's name, such as `prefs`.
    ///   - arguments: Its arguments, as shell text.
    ///   - cli: The scope whose XDG directories and HOME it uses.
    ///   - extra: More environment variables.
    ///   - width: The terminal's columns.
    ///   - height: The terminal's rows.
    /// - Throws: When the program is not built or tmux does not start.
    package convenience init(
        running program: String, _ arguments: String, in cli: some PrefsCommandRunner, extra: [String: String] = [:],
        width: Int = 100, height: Int = 24
    )
        throws
    {
        let environment = cli.environment.merging(extra) { _, added in added }
            .map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        let path = try ChildProcess.executable(named: program).path
        try self.init(
            "env \(environment) LANG=C.UTF-8 \(path) \(arguments); status=$?; printf '\\030\\r\\n'; echo EXITED $status; sleep 30",
            width: width,
            height: height)
    }

    deinit {
        close()
    }

    /// Ends the session and its server, with whatever still runs in it.
    ///
    /// Tests call it in a `defer`, because the test runner may exit before releasing the session, and a failed test
    /// would otherwise leave the editor running in a detached terminal.
    package func close() {
        _ = try? Self.tmux(["-L", socket, "kill-server"])
    }

    /// Sends keys, as tmux names them: `j`, `Enter`, `Escape`, `Space`, `C-r`.
    package func send(_ keys: String...) throws {
        _ = try Self.tmux(["-L", socket, "send-keys"] + keys)
    }

    /// Resizes the terminal, which sends the program SIGWINCH.
    package func resize(width: Int, height: Int) throws {
        _ = try Self.tmux(["-L", socket, "resize-window", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The screen's text now.
    package func capture() throws -> String {
        try Self.tmux(["-L", socket, "capture-pane", "-p"]).output
    }

    /// The process id of what runs in the pane: the shell the session started.
    package func panePID() throws -> Int32? {
        Int32(
            try Self.tmux(["-L", socket, "display-message", "-p", "#{pane_pid}"]).output.trimmingCharacters(
                in: .whitespacesAndNewlines))
    }

    /// Polls the screen until `predicate` holds, or the time runs out.
    package func waitFor(timeout: Duration = .seconds(10), _ predicate: (String) -> Bool) throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if predicate(try capture()) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    package static func tmux(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux"] + arguments
        let pipe = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
