import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs programs with an empty signal mask and default signal handling.
///
/// Foundation's `Process` passes on the calling thread's signal mask, and a test runs on a libdispatch thread that
/// blocks SIGINT, SIGTERM and others: a server started that way (tmux, PostgreSQL) cannot be told to stop.
package enum CleanProcess {
    /// Runs a program found on `PATH`, its standard streams on /dev/null, and waits for it.
    ///
    /// - Parameter arguments: The program and its arguments.
    /// - Returns: The exit status, or 128 plus the signal that ended it.
    /// - Throws: `CocoaError(.executableLoad)` when it cannot be started.
    package static func run(_ arguments: [String]) throws -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGCHLD, SIGPIPE, SIGWINCH, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var files = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&files)
        defer { posix_spawn_file_actions_destroy(&files) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&files, descriptor, "/dev/null", O_RDWR, 0)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &files, &attributes, argv, environ) == 0 else {
            throw CocoaError(.executableLoad)
        }
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
