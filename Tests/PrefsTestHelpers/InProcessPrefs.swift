import Foundation
import PrefsCommandLine
import PrefsCore
import PrefsFileStore
import PrefsTestSupport
import PrefsTools
import SystemPackage
import Testing

/// `prefs` run in this process, as the program runs a command line.
///
/// The words go through what `prefs` runs (``PrefsCommandLine/PrefsMain``): its short paths, argument-parser, its
/// reports of failures, with output captured and the status it would exit with. The environment is the fixture's
/// (its configuration, data and state folders), for this task only, so tests run side by side. Only what needs a
/// process of its own (a watch, closed streams, signals, the terminal, the writer's name in the journal, the
/// PostgreSQL handover) spawns `prefs` (``PrefsCommandRunner/spawn(_:input:timeout:extraEnvironment:)``).
package struct InProcessPrefs: PrefsCommandRunner, Sendable {
    package let fixture: ToolFixture

    /// Whether a damaged or empty suite is read again for about a second before it is believed, as `prefs` does in
    /// case another program is rewriting it in place: only worth its wait beside such a program.
    package let waitsForRewrites: Bool

    /// Variables that stand over the fixture's own, for every command: the system folders of a private session
    /// whose daemons read them too.
    package var overriding: [String: String] = [:]

    /// A fresh scope: configuration, data and state folders of its own.
    ///
    /// - Parameter waitsForRewrites: Whether damaged files are read again, as beside a `UserDefaults` app.
    /// - Throws: When its temporary folder cannot be made.
    package init(waitsForRewrites: Bool = false) throws {
        fixture = try ToolFixture()
        self.waitsForRewrites = waitsForRewrites
    }

    /// Runs in a fixture's folders.
    package init(fixture: ToolFixture) {
        self.fixture = fixture
        waitsForRewrites = false
    }

    package typealias Result = PrefsRun

    /// The scope's own folder, where tests put documents to import.
    package var home: TemporaryDirectory { fixture.scope }
    /// The configuration directory.
    package var configDirectory: URL { fixture.configDirectory }

    /// The folder of system layers and locks, `$XDG_CONFIG_DIRS`; not created until a test writes into it.
    package var systemDirectory: URL { fixture.scope.url.appendingPathComponent("system", isDirectory: true) }

    /// The variables the fixture's folders stand for.
    package var environment: [String: String] {
        [
            "HOME": fixture.scope.url.path,
            "XDG_CONFIG_HOME": fixture.configDirectory.path,
            // System layers and locks come from a folder of the test's, never the machine's /etc/xdg.
            "XDG_CONFIG_DIRS": systemDirectory.path,
            // Schemas and data come from the test's folders: the machine's GNOME schemas would join `prefs` alone.
            "XDG_DATA_DIRS": systemDirectory.appendingPathComponent("data").path,
            "XDG_DATA_HOME": fixture.scope.url.appendingPathComponent("data").path,
            "XDG_STATE_HOME": fixture.scope.url.appendingPathComponent("state").path,
        ].merging(overriding) { $1 }
    }

    /// Runs a command line, the program's name left out.
    ///
    /// - Parameters:
    ///   - arguments: The words after `prefs`.
    ///   - input: What it reads as standard input (`-`): nothing unless given; never a terminal.
    ///   - extraEnvironment: Variables set for this run beside the fixture's (`PREFS_STORE`, `EDITOR`).
    ///   - onATerminal: Whether the command is told it runs on a terminal, where it asks its questions, answered
    ///     from `input` line by line.
    ///   - outputFails: The error every write to standard output fails with, as on a full disk.
    /// - Returns: Its status (0, 1 for a failure of its work, 64 for a usage error) and what it printed.
    @discardableResult
    package func run(
        _ arguments: [String], input: Data? = nil, extraEnvironment: [String: String] = [:], onATerminal: Bool = false,
        outputFails: Errno? = nil
    ) -> Result {
        var status: Int32 = 0
        let printed = fixture.run(input: input ?? Data(), onATerminal: onATerminal, outputFails: outputFails) {
            FileStore.$settlingPausesInTask.withValue(waitsForRewrites ? nil : []) {
                ProcessEnvironment.$standIn.withValue(environment.merging(extraEnvironment) { $1 }) {
                    switch PrefsMain.outcome(of: arguments, bootstrapsLogging: false) {
                    case .ended(let ended): status = ended
                    case .watching: Issue.record("a watch runs until stopped: start it with watch(_:)")
                    }
                }
            }
        }
        return Result(status: status, output: printed.output, error: printed.error)
    }

    /// How a change made by a command run in-process is blamed: by the command's name and this test process's pid,
    /// as a spawned `prefs write` is blamed as `prefs write pid N`.
    ///
    /// - Parameter command: The command's path after `prefs`.
    /// - Returns: `prefs COMMAND pid N`, as `prefs log` and `watch` name the writer.
    package static func writer(_ command: String = "write") -> String {
        "prefs \(command) pid \(ProcessInfo.processInfo.processIdentifier)"
    }

    /// Starts `prefs watch` in this process, with the scope's environment.
    ///
    /// - Parameter arguments: The words after `prefs`, `watch` among them.
    /// - Returns: The running watch, ended by ``InProcessWatch/kill()`` or ``InProcessWatch/stop()``.
    package func watch(_ arguments: String...) -> InProcessWatch {
        watch(arguments)
    }

    /// Starts `prefs watch` in this process, its words in an array.
    package func watch(_ arguments: [String]) -> InProcessWatch {
        InProcessWatch(arguments, environment: environment)
    }

    /// Starts `prefs` on a terminal in memory, in this process: `tui`, or `prefs` alone.
    ///
    /// - Parameters:
    ///   - arguments: The words after `prefs`.
    ///   - width: The terminal's columns.
    ///   - height: The terminal's rows.
    ///   - color: Whether the terminal shows colours.
    /// - Returns: The running editor.
    package func editor(_ arguments: String..., width: Int = 120, height: Int = 30, color: Bool = false)
        -> RunningEditor
    {
        editor(arguments, width: width, height: height, color: color)
    }

    /// Starts `prefs` on a terminal in memory, in this process, its words in an array.
    package func editor(_ arguments: [String], width: Int = 120, height: Int = 30, color: Bool = false)
        -> RunningEditor
    {
        RunningEditor(self, arguments, width: width, height: height, color: color)
    }

    /// Runs a command line: throws nothing, as ``PrefsCommandRunner`` lets spawned `prefs` do.
    package func run(_ arguments: [String], input: Data?) -> Result {
        run(arguments, input: input, extraEnvironment: [:])
    }
}
