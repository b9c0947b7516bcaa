import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A child process run to its end, with what `wait4` says it used: the figures a user of a command line sees.
public struct MeasuredRun: Sendable {
    /// The exit status.
    public let status: Int32
    /// The child's peak resident set size, in kilobytes.
    public let peakResidentKilobytes: Int

    /// Runs a program with its output discarded, and waits for it.
    ///
    /// - Parameters:
    ///   - path: The program.
    ///   - arguments: Its arguments.
    ///   - environment: Its environment; the harness's malloc interposer (`LD_PRELOAD`) is left out, so that the
    ///     child runs as users run it.
    /// - Returns: Its exit status and peak resident set size.
    /// - Throws: When it cannot be started, or fails.
    @discardableResult
    public static func run(
        _ path: String, _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> MeasuredRun {
        try run(path, arguments, environment: environment, output: "/dev/null")
    }

    /// Runs a program and returns what it printed.
    ///
    /// - Parameters:
    ///   - path: The program.
    ///   - arguments: Its arguments.
    ///   - environment: Its environment, without the harness's malloc interposer.
    /// - Returns: Its standard output.
    /// - Throws: When it cannot be started, or fails.
    public static func output(
        _ path: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("measured-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try run(path, arguments, environment: environment, output: file.path)
        return try String(contentsOf: file, encoding: .utf8)
    }

    private static func run(_ path: String, _ arguments: [String], environment: [String: String], output: String)
        throws -> MeasuredRun
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // The harness's threads block signals; a child inherits the mask, and tmux, for one, then waits forever.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.filter { $0.key != "LD_PRELOAD" }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        guard exitStatus == 0 else {
            throw CocoaError(
                .executableLoad,
                userInfo: [NSLocalizedDescriptionKey: "\(path) \(arguments) exited with status \(exitStatus)"])
        }
        return MeasuredRun(status: exitStatus, peakResidentKilobytes: usage.ru_maxrss)
    }
}
