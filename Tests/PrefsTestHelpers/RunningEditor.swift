import Dispatch
import Foundation
import PrefsNcurses
import PrefsTUI
import Synchronization
import Testing

/// `prefs tui` running in this process, on a thread of its own, on a terminal in memory (``LiveTerminal``): every
/// step the program takes (its arguments, the store, the editor's model, the store's service and the schema watch),
/// without ncurses and without a process.
///
/// What needs the real terminal (ncurses' drawing and keys, signals, the handover to `$EDITOR`) is tested under
/// tmux instead.
package final class RunningEditor: Sendable {
    /// The terminal the editor draws on and reads.
    package let terminal: LiveTerminal
    private let ended = DispatchSemaphore(value: 0)
    private let outcome = Mutex<PrefsRun?>(nil)

    /// Starts the editor.
    ///
    /// - Parameters:
    ///   - runner: The folders and environment it runs in.
    ///   - arguments: The words after `prefs`, as on a terminal (`tui S`, or global options alone).
    ///   - width: The terminal's columns.
    ///   - height: The terminal's rows.
    ///   - color: Whether the terminal shows colours.
    init(_ runner: InProcessPrefs, _ arguments: [String], width: Int, height: Int, color: Bool = false) {
        let terminal = LiveTerminal(width: width, height: height, color: color)
        self.terminal = terminal
        Thread.detachNewThread { [self] in
            let run = TerminalEditor.$terminalInTask.withValue({ terminal }) {
                runner.run(arguments, onATerminal: true)
            }
            outcome.withLock { $0 = run }
            ended.signal()
        }
    }

    /// Types input.
    package func type(_ events: InputEvent...) {
        terminal.type(events)
    }

    /// Types text, one character event per character.
    package func type(_ text: String) {
        terminal.type(text.map { .character($0) })
    }

    /// Waits until the screen satisfies `predicate`, or 20 seconds pass.
    package func waitFor(_ predicate: (String) -> Bool) -> Bool {
        terminal.waitFor(predicate)
    }

    /// The last frame drawn, as text.
    package var screen: String { terminal.screen }

    /// Waits for the editor to end, as after `q`.
    ///
    /// - Returns: How `prefs` ended, or `nil` when it had not after 20 seconds; the screen it was left on is recorded
    ///   then, to tell a key that went elsewhere from a hang.
    package func waitUntilEnded() -> PrefsRun? {
        guard ended.wait(timeout: .now() + 20) == .success else {
            Issue.record("the editor had not ended after 20 seconds, on this screen:\n\(screen)")
            return nil
        }
        return outcome.withLock { $0 }
    }
}
