import Foundation
import PrefsTestSupport
import Synchronization

/// Runs the built `prefs` binary as a user would, with every XDG directory and `HOME` inside a temporary directory.
package final class PrefsCLI: PrefsCommandRunner, Sendable {
    package typealias Result = PrefsRun

    package let home: TemporaryDirectory

    package init() throws {
        home = try TemporaryDirectory(prefix: "prefs-cli")
    }

    /// The default configuration directory, `$XDG_CONFIG_HOME`.
    package var configDirectory: URL { home.url.appendingPathComponent("config", isDirectory: true) }

    package var environment: [String: String] {
        [
            "HOME": home.path,
            "XDG_CONFIG_HOME": configDirectory.path,
            // System layers and locks come from a folder of the test's, never the machine's /etc/xdg.
            "XDG_CONFIG_DIRS": systemDirectory.path,
            // Schemas and data come from the test's folders: the machine's GNOME schemas would join `prefs` alone.
            "XDG_DATA_DIRS": systemDirectory.appendingPathComponent("data").path,
            "XDG_STATE_HOME": home.url.appendingPathComponent("state").path,
            "XDG_DATA_HOME": home.url.appendingPathComponent("data").path,
        ]
    }

    /// The folder of system layers and locks, `$XDG_CONFIG_DIRS`; not created until a test writes into it.
    package var systemDirectory: URL { home.url.appendingPathComponent("system", isDirectory: true) }

    /// Runs `prefs` to completion with standard input from `input` (empty when `nil`, so never a terminal).
    ///
    /// A run that has not finished after `timeout` is killed and reported as ``Result/timedOut``, so that a hang
    /// fails its test instead of holding up the whole run.
    @discardableResult
    package func run(_ arguments: String..., input: Data? = nil, timeout: Duration) throws -> Result {
        try run(arguments, input: input, timeout: timeout)
    }

    /// Runs `prefs` to completion, killed after a minute.
    package func run(_ arguments: [String], input: Data?) throws -> Result {
        try run(arguments, input: input, timeout: .seconds(60))
    }

    @discardableResult
    package func run(
        _ arguments: [String], input: Data? = nil, timeout: Duration = .seconds(60),
        extraEnvironment: [String: String] = [:]
    ) throws -> Result {
        try spawn(arguments, input: input, timeout: timeout, extraEnvironment: extraEnvironment)
    }
}
