import CPrefsSystem

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// A program run on the user's terminal as a shell runs a job: in a process group of its own that is the terminal's
/// foreground group while it runs, the editor's group taking the terminal back afterwards.
///
/// Foundation's `Process` starts a child in a new process group that is not the terminal's foreground group, so a
/// program that reads the terminal (vim, nano) is refused it: vim exits with "Error reading input", and its queries'
/// replies arrive as the editor's keystrokes. Without a controlling terminal (tests with a script as the editor),
/// the program runs as a plain child.
enum ForegroundProcess {
    /// Runs a program to its end.
    ///
    /// - Parameters:
    ///   - path: The program.
    ///   - arguments: Its arguments, its name first.
    ///   - environment: Its environment.
    /// - Returns: Its exit status; 128 plus the signal's number when a signal ended it.
    /// - Throws: ``ExternalEditorError`` naming the system's reason when it cannot be started or waited for.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws -> Int32 {
        let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard terminal >= 0 else { return try runWithoutTerminal(path, arguments, environment: environment) }
        defer { close(terminal) }
        let environment = environment.map { "\($0.key)=\($0.value)" }
        let child = try withCStrings(arguments) { argv in
            try withCStrings(environment) { envp in
                let pid = cprefs_spawn_in_foreground(path, argv, envp, terminal)
                guard pid > 0 else { throw Self.failure("start", errno) }
                return pid
            }
        }
        var status: Int32 = 0
        guard cprefs_wait_and_take_terminal(child, terminal, &status) == 0 else {
            throw Self.failure("wait for", errno)
        }
        return Self.exitStatus(status)
    }

    /// A plain child, for a process with no terminal to hand over.
    private static func runWithoutTerminal(_ path: String, _ arguments: [String], environment: [String: String])
        throws -> Int32
    {
        let environment = environment.map { "\($0.key)=\($0.value)" }
        var child = pid_t()
        let started = try withCStrings(arguments) { argv in
            try withCStrings(environment) { envp in posix_spawn(&child, path, nil, nil, argv, envp) }
        }
        guard started == 0 else { throw Self.failure("start", started) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { throw Self.failure("wait for", errno) }
        }
        return Self.exitStatus(status)
    }

    /// The exit status a shell would report for a wait status.
    private static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Calls `body` with a NULL-terminated array of C strings.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) throws -> Result
    ) throws -> Result {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return try pointers.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { throw failure("start", EINVAL) }
            return try body(start)
        }
    }

    private static func failure(_ what: String, _ code: Int32) -> ExternalEditorError {
        ExternalEditorError("cannot \(what) the editor: \(String(cString: strerror(code)))")
    }
}
