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
}
