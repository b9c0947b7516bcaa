/// What a backend reads from the terminal.
public enum InputEvent: Hashable, Sendable {
    /// Keys that are not characters.
    public enum Key: Hashable, Sendable {
        case up, down, left, right, pageUp, pageDown, home, end, enter, escape, backspace, delete, tab
    }

    /// A printable character.
    case character(Character)
    /// A special key.
    case key(Key)
    /// A letter typed with Control held, such as `control("r")` for Ctrl-R.
    case control(Character)
    /// A mouse click (button 1) at a column and row.
    case click(x: Int, y: Int)
    /// The wheel, up (`-1`) or down (`1`).
    case wheel(Int)
    /// The terminal changed size.
    case resize(width: Int, height: Int)
    /// A signal that would end the editor, delivered as input so that pending changes are asked about or kept.
    case signal(TerminalSignal)
}

/// The signals the editor turns into input rather than dying of.
public enum TerminalSignal: Hashable, Sendable {
    /// SIGINT: Ctrl-C on the terminal.
    case interrupt
    /// SIGTERM: `kill`, a service manager, a logout.
    case terminate
    /// SIGHUP: the terminal went away; nobody is there to answer a question.
    case hangup
}
