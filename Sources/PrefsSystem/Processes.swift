import CPrefsSystem
package import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starting, waiting for and replacing processes, written once for every program that starts another: the editor's
/// `$EDITOR`, the demo's writer, `prefs` handing a command to `prefs-postgres`.
package enum Processes {
    /// What a started process's standard streams are.
    package struct Streams: Sendable {
        /// A descriptor that becomes standard input, or `nil` to inherit this process's.
        package var input: FileDescriptor?
        /// Descriptors closed in the child (the other ends of its pipes).
        package var closing: [FileDescriptor]
        /// Whether standard output and standard error go to `/dev/null`.
        package var silenced: Bool

        /// Streams inherited, nothing closed.
        package static let inherited = Streams(input: nil, closing: [], silenced: false)

        /// - Parameters:
        ///   - input: A descriptor that becomes standard input, or `nil` to inherit this process's.
        ///   - closing: Descriptors closed in the child.
        ///   - silenced: Whether standard output and standard error go to `/dev/null`.
        package init(input: FileDescriptor?, closing: [FileDescriptor], silenced: Bool) {
            (self.input, self.closing, self.silenced) = (input, closing, silenced)
        }
    }

    /// This process's identifier.
    ///
    /// The corresponding C function is `getpid`, which cannot fail.
    package static var currentID: Int32 { getpid() }

    /// The real user this process runs as.
    ///
    /// The corresponding C function is `getuid`, which cannot fail.
    package static var realUserID: UInt32 { UInt32(getuid()) }

    /// Starts a program.
    ///
    /// The corresponding C function is `posix_spawn`.
    ///
    /// - Parameters:
    ///   - path: The program's path.
    ///   - arguments: Its arguments, the first its name.
    ///   - environment: Its environment, as `NAME=value`.
    ///   - streams: What its standard streams are.
    /// - Returns: The child's process identifier.
    /// - Throws: `Errno` when the program cannot be started.
    package static func spawn(
        _ path: String, arguments: [String], environment: [String], streams: Streams = .inherited
    ) throws(Errno) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input = streams.input { posix_spawn_file_actions_adddup2(&actions, input.rawValue, STDIN_FILENO) }
        for descriptor in streams.closing { posix_spawn_file_actions_addclose(&actions, descriptor.rawValue) }
        if streams.silenced {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        }
        var child = pid_t()
        let started = CStrings.with(arguments) { argv in
            CStrings.with(environment) { envp in posix_spawn(&child, path, &actions, nil, argv, envp) }
        }
        guard started == 0 else { throw Errno(rawValue: started) }
        return child
    }

    /// Starts a program in a process group of its own that is the terminal's foreground group, as a shell starts
    /// a job: a program such as vim then reads the terminal, and Ctrl-C goes to it.
    ///
    /// The corresponding C functions are `fork`, `setpgid`, `tcsetpgrp` and `execve`, through the shim's
    /// `cprefs_spawn_in_foreground`; a child that cannot `execve` exits with 127.
    ///
    /// - Returns: The child's process identifier; wait for it with ``waitTakingTerminal(_:terminal:)``.
    package static func spawnInForeground(
        _ path: String, arguments: [String], environment: [String], terminal: FileDescriptor
    ) throws(Errno) -> Int32 {
        let pid = CStrings.with(arguments) { argv in
            CStrings.with(environment) { envp in cprefs_spawn_in_foreground(path, argv, envp, terminal.rawValue) }
        }
        guard pid > 0 else { throw Errno(rawValue: errno) }
        return pid
    }

    /// Waits for a child started by ``spawnInForeground(_:arguments:environment:terminal:)``, then takes the
    /// terminal's foreground back for this process's group.
    ///
    /// - Returns: Its exit status as a shell gives it: its code, or 128 plus the signal that ended it.
    package static func waitTakingTerminal(_ child: Int32, terminal: FileDescriptor) throws(Errno) -> Int32 {
        var status: Int32 = 0
        guard cprefs_wait_and_take_terminal(child, terminal.rawValue, &status) == 0 else {
            throw Errno(rawValue: errno)
        }
        return exitStatus(status)
    }

    /// Waits for a child to end.
    ///
    /// The corresponding C function is `waitpid`, retried when a signal interrupts it.
    ///
    /// - Returns: Its exit status as a shell gives it: its code, or 128 plus the signal that ended it.
    @discardableResult
    package static func wait(_ child: Int32) throws(Errno) -> Int32 {
        var status: Int32 = 0
        try Syscall.retrying { waitpid(child, &status, 0) }
        return exitStatus(status)
    }

    /// Replaces this process with a program, which keeps its identifier.
    ///
    /// The corresponding C functions are `execv`, or `execvp` when the program is looked for in `PATH`.
    ///
    /// - Returns: Only when the program cannot be started, with why.
    package static func replace(with program: String, arguments: [String], searchingPath: Bool) -> Errno {
        _ = CStrings.with(arguments) { argv in
            searchingPath ? execvp(program, argv) : execv(program, argv)
        }
        return Errno(rawValue: errno)
    }

    /// Ends this process at once with a status.
    ///
    /// The corresponding C function is `exit`.
    package static func exit(_ status: Int32) -> Never {
        cExit(status)
    }

    private static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}

/// The C library's `exit`, named apart from ``Processes/exit(_:)``.
private func cExit(_ status: Int32) -> Never {
    exit(status)
}
