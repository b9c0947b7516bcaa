import Foundation

/// A real terminal for end-to-end tests: a detached tmux server of its own, driven with send-keys and read with
/// capture-pane.
final class TmuxSession {
    let socket = "prefs-test-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"

    /// Starts `command` in a new session of a size.
    init(_ command: String, width: Int = 100, height: Int = 24) throws {
        // Started without waiting for it: the server it forks keeps what it inherited, which made Foundation's
        // `waitUntilExit` hang. The session is there once `has-session` says so.
        let starter = Process()
        starter.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        starter.arguments = [
            "tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", command,
        ]
        starter.standardInput = FileHandle.nullDevice
        starter.standardOutput = FileHandle.nullDevice
        starter.standardError = FileHandle.nullDevice
        try starter.run()
        let deadline = ContinuousClock.now + .seconds(10)
        while try Self.tmux(["-L", socket, "has-session"]).status != 0 {
            guard ContinuousClock.now < deadline else { throw CocoaError(.executableLoad) }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    deinit {
        _ = try? Self.tmux(["-L", socket, "kill-server"])
    }

    /// Sends keys, as tmux names them: `j`, `Enter`, `Escape`, `Space`, `C-r`.
    func send(_ keys: String...) throws {
        _ = try Self.tmux(["-L", socket, "send-keys"] + keys)
    }

    /// Resizes the terminal, which sends the program SIGWINCH.
    func resize(width: Int, height: Int) throws {
        _ = try Self.tmux(["-L", socket, "resize-window", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The screen's text now.
    func capture() throws -> String {
        try Self.tmux(["-L", socket, "capture-pane", "-p"]).output
    }

    /// Polls the screen until `predicate` holds, or the time runs out.
    func waitFor(timeout: Duration = .seconds(10), _ predicate: (String) -> Bool) throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if predicate(try capture()) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    static func tmux(_ arguments: [String]) throws -> (status: Int32, output: String) {
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
