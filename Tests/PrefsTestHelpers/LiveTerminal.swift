import Dispatch
import PrefsTUI
import Synchronization

/// A terminal in memory for an editor running on a thread of its own, as `prefs tui` runs: the test types on it from
/// its own thread and reads the last frame, while other processes' changes wake the editor as they do on a real
/// terminal.
package final class LiveTerminal: TerminalBackend, Sendable {
    private struct State {
        var size: (width: Int, height: Int)
        var script: [InputEvent] = []
        var woken = false
        var screen: CellGrid?
        var copied: [String] = []
    }

    private let state: Mutex<State>
    /// Signalled on input and on a wake-up, so that the editor's wait returns.
    private let arrivals = DispatchSemaphore(value: 0)

    /// Whether it shows colours, as a colour terminal does; without, the editor draws attributes alone.
    package let usesColor: Bool

    package init(width: Int = 120, height: Int = 30, color: Bool = false) {
        state = Mutex(State(size: (width, height)))
        usesColor = color
    }

    package var size: (width: Int, height: Int) { state.withLock { $0.size } }
    package var supportsUnicode: Bool { true }

    package func present(_ grid: CellGrid) {
        state.withLock { $0.screen = grid }
    }

    package func repaint() {}

    package func nextEvents(timeout: Duration?) -> [InputEvent] {
        let deadline = timeout.map { DispatchTime.now() + .nanoseconds(Int($0 / .nanoseconds(1))) } ?? .distantFuture
        while true {
            let taken: [InputEvent]? = state.withLock { state in
                if !state.script.isEmpty { return [state.script.removeFirst()] }
                if state.woken {
                    state.woken = false
                    return []
                }
                return nil
            }
            if let taken { return taken }
            if arrivals.wait(timeout: deadline) == .timedOut { return [] }
        }
    }

    package var waker: any EditorWaker { Waker(terminal: self) }

    private struct Waker: EditorWaker {
        let terminal: LiveTerminal
        func wake() { terminal.wake() }
    }

    private func wake() {
        state.withLock { $0.woken = true }
        arrivals.signal()
    }

    package func suspend(while body: () -> Void) { body() }

    /// What the editor put on the clipboard, oldest first.
    package var copied: [String] { state.withLock { $0.copied } }

    package func copyToClipboard(_ text: String) {
        state.withLock { $0.copied.append(text) }
    }

    /// Types input, one event after another, as a person at the keyboard.
    package func type(_ events: [InputEvent]) {
        state.withLock { $0.script += events }
        arrivals.signal()
    }

    /// Resizes the terminal and sends the resize, as a terminal emulator does.
    package func resize(width: Int, height: Int) {
        state.withLock { $0.size = (width, height) }
        type([.resize(width: width, height: height)])
    }

    /// The last frame drawn, as text.
    package var screen: String { state.withLock { $0.screen?.text ?? "" } }

    /// The last frame drawn, with its styles.
    package var grid: CellGrid? { state.withLock { $0.screen } }

    /// Waits until the screen satisfies `predicate`, or 20 seconds pass.
    ///
    /// - Returns: Whether it did.
    package func waitFor(_ predicate: (String) -> Bool) -> Bool {
        eventually(timeout: .seconds(20)) { predicate(screen) && state.withLock { $0.script.isEmpty } }
    }
}
