/// A terminal the editor draws on: it shows a ``CellGrid`` and reads input.
///
/// The editor owns one backend and calls it from one thread only. Other threads (the store's watcher) reach the loop
/// only through ``waker``.
public protocol TerminalBackend: AnyObject {
    /// The terminal's size in columns and rows.
    var size: (width: Int, height: Int) { get }

    /// Whether the terminal can show Unicode; when not, the editor draws ASCII only.
    var supportsUnicode: Bool { get }

    /// Whether colours may be used (`NO_COLOR`, `--no-color` and monochrome terminals say no).
    var usesColor: Bool { get }

    /// Shows a frame. A backend may draw only the cells that changed since the last one.
    func present(_ grid: CellGrid)

    /// Forgets what the terminal shows, so that the next ``present(_:)`` clears it and draws every cell: after a
    /// resize, or when something else drew on it (Ctrl-L).
    func repaint()

    /// Waits until input arrives, the ``waker`` is woken, or the timeout passes, and returns the input read.
    ///
    /// - Parameter timeout: The longest wait, or `nil` to wait until something happens.
    /// - Returns: The events read, in order; empty after a wake-up or a timeout.
    func nextEvents(timeout: Duration?) -> [InputEvent]

    /// Wakes ``nextEvents(timeout:)`` from another thread.
    var waker: any EditorWaker { get }

    /// Puts text on the clipboard of the terminal the editor runs in, and of the terminal that one runs in when it
    /// is a multiplexer or a remote session, as terminals take OSC 52.
    ///
    /// - Parameter text: The text.
    /// - Throws: When it cannot be sent to the terminal.
    func copyToClipboard(_ text: String) throws

    /// Gives the terminal to another program, such as the user's editor, while `body` runs, then takes it back; the
    /// next frame is drawn whole.
    ///
    /// - Parameter body: What runs while the terminal is given up.
    func suspend(while body: () -> Void)
}

/// Wakes an editor's loop from another thread, when the store has changes for it.
public protocol EditorWaker: Sendable {
    /// Makes the loop's current or next wait return at once.
    func wake()
}
