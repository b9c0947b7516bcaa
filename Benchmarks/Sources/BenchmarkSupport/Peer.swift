import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs the peer executable, which is built beside the benchmarks (see Benchmarks/run).
public enum Peer {
    /// Starts the peer.
    ///
    /// - Parameters:
    ///   - arguments: Its command and operands.
    ///   - capturingOutput: Whether its standard output is a pipe to read (``lines(of:until:errors:)``).
    ///   - capturingErrors: Whether its standard error is a pipe to read.
    ///   - withInput: Whether its standard input is a pipe, which the caller closes to tell it to end.
    /// - Returns: The running process.
    /// - Throws: When it cannot be started.
    public static func start(
        _ arguments: [String], capturingOutput: Bool = false, capturingErrors: Bool = false, withInput: Bool = false
    ) throws -> Process {
        let process = Process()
        if capturingOutput { process.standardOutput = Pipe() }
        if capturingErrors { process.standardError = Pipe() }
        if withInput { process.standardInput = Pipe() }
        // The harness preloads its malloc interposer to count allocations; a peer measured as a user runs it must not
        // inherit it.
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "LD_PRELOAD" }
        // Benchmarks/run builds it linked as the shipped prefs is (static Swift runtime) and names it here.
        if let built = ProcessInfo.processInfo.environment["PREFS_BENCH_PEER"] {
            process.executableURL = URL(fileURLWithPath: built)
        } else {
            guard let binary = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() else {
                throw CocoaError(.fileNoSuchFile)
            }
            process.executableURL = binary.appendingPathComponent("prefs-bench-peer")
        }
        process.arguments = arguments
        try process.run()
        return process
    }

    /// Waits for a peer to exit and returns its output's lines.
    public static func output(of process: Process) throws -> [String] {
        guard let handle = (process.standardOutput as? Pipe)?.fileHandleForReading else {
            throw CocoaError(.fileReadNoPermission)
        }
        let data = handle.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Reads a peer's output until a line equal to `marker` (or, in its errors, a line holding it), and returns a
    /// function that reads the remaining lines.
    public static func lines(of process: Process, until marker: String, errors: Bool = false) throws
        -> () throws -> [String]
    {
        guard let handle = ((errors ? process.standardError : process.standardOutput) as? Pipe)?.fileHandleForReading
        else {
            throw CocoaError(.fileReadNoPermission)
        }
        var buffer = Data()
        while !String(decoding: buffer, as: UTF8.self).split(separator: "\n").contains(where: {
            errors ? $0.contains(marker) : $0 == marker
        }) {
            let chunk = handle.availableData
            if chunk.isEmpty { throw CocoaError(.fileReadCorruptFile) }
            buffer += chunk
        }
        return {
            let rest = String(decoding: buffer + handle.readDataToEndOfFile(), as: UTF8.self)
            return rest.split(separator: "\n").map(String.init).filter { $0 != marker }
        }
    }

    public static func wallClockNanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }
}
