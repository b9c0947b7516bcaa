import Logging
public import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the library's diagnostics go when `prefs` runs: standard error, one line each, from the level
/// `PREFS_LOG_LEVEL` names (`error` by default), and nowhere while the editor owns the terminal.
public enum CommandLogging {
    /// Sets up swift-log for the command line about to run.
    ///
    /// - Parameters:
    ///   - arguments: The command line, to tell the editor from other commands.
    ///   - environment: Where `PREFS_LOG_LEVEL` is read.
    public static func bootstrap(
        arguments: [String], environment: [String: String] = ProcessEnvironment.current
    ) {
        let editor = arguments.first.map { ["tui", "demo"].contains($0) } ?? false
        let level = environment["PREFS_LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0.lowercased()) } ?? .error
        LoggingSystem.bootstrap { label in
            // Lines written under the editor would land in the middle of its screen.
            guard !editor else { return SwiftLogNoOpLogHandler(label) }
            return CommandLogHandler(label: label, level: level)
        }
    }
}
