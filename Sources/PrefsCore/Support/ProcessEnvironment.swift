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
    public static let current: [String: String] = ProcessInfo.processInfo.environment
}
