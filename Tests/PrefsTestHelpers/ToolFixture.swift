import Foundation
import PrefsFileStore
import PrefsStores
import PrefsTestSupport
import PrefsTools
import SystemPackage

/// A fresh configuration directory, its schemas and journals in one temporary scope, and a context on it: how
/// PrefsTools' actions are tested in-process, one store per test.
///
/// Its properties never change after `init`, so that a command may run on another thread (``RunningEditor``).
package final class ToolFixture: @unchecked Sendable {
    package let scope: TemporaryDirectory
    package let context: ToolContext

    package init() throws {
        scope = try TemporaryDirectory(prefix: "prefs-tools")
        context = Self.context(in: scope)
    }

    private static func context(in scope: TemporaryDirectory) -> ToolContext {
        StoreResolver.context(
            configDirectory: scope.url.appendingPathComponent("config"),
            environment: [
                "XDG_DATA_HOME": scope.url.appendingPathComponent("data").path,
                "XDG_STATE_HOME": scope.url.appendingPathComponent("state").path,
            ])
    }

    /// A context opened afresh on the same folders, as the next `prefs` command would open it: what it reads comes
    /// from the files, not from what this process read before.
    package func reopened() -> ToolContext {
        Self.context(in: scope)
    }

    /// The configuration directory.
    package var configDirectory: URL { scope.url.appendingPathComponent("config") }

    /// Runs an action with its output captured, and returns what it wrote and the error it threw.
    ///
    /// A damaged suite is believed at once, not read again for a second in case another program is rewriting it:
    /// none is (``DamagedFilesReadOnce``).
    ///
    /// - Parameters:
    ///   - input: What the action reads as standard input: nothing unless given.
    ///   - onATerminal: Whether the action is told it runs on a terminal, reading answers to its questions from
    ///     `input`.
    ///   - outputFails: The error every write to standard output fails with, as on a full disk.
    ///   - action: The work.
    /// - Returns: What it wrote to standard output and to standard error, and what it threw.
    package func run(
        input: Data = Data(), onATerminal: Bool = false, outputFails: Errno? = nil, _ action: () throws -> Void
    ) -> (output: String, error: String, thrown: (any Error)?) {
        let capture = OutputCapture(failingOutputWith: outputFails, input: input, playsATerminal: onATerminal)
        var thrown: (any Error)?
        Output.$capture.withValue(capture) {
            FileStore.$settlingPausesInTask.withValue([]) {
                do { try action() } catch { thrown = error }
            }
        }
        return (capture.output, capture.error, thrown)
    }
}
