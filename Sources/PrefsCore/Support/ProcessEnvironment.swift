#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The process's environment variables, read once.
///
/// `ProcessInfo.environment` builds a new dictionary from the C library's `environ` at every call, and a `prefs write`
/// asked for it three times (its configuration, state and data folders), a tenth of a millisecond of a command that
/// takes two. The folders a process works in do not move while it runs, so the first reading serves them all.
public enum ProcessEnvironment {
    /// The variables as they were when first asked for.
    private static let atStart: [String: String] = ProcessInfo.processInfo.environment

    /// Variables that stand for the process's in a task, so that a test runs a `prefs` command in-process as if it
    /// were started with them (its own configuration, data and state folders), beside other tests doing the same.
    @TaskLocal public static var standIn: [String: String]?

    /// The variables in force: the task's stand-ins, else the process's as first read.
    public static var current: [String: String] { standIn ?? atStart }
}
