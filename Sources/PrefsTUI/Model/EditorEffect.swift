/// What an input asks of the world outside the model, which the loop (``Editor``) does after the model's update:
/// the model changes itself and returns these, so that a test sees them without a terminal.
public enum EditorEffect: Equatable, Sendable {
    /// Puts text on the terminal's clipboard (OSC 52), as `y` copies a value and `Y` a key's path.
    case copy(String)
    /// Hands the terminal to `$VISUAL` or `$EDITOR` for one value (`e`); the loop gives the model what it saved
    /// (``EditorModel/finishExternalEdit(_:result:)``).
    case editExternally(ExternalEdit)
    /// Writes changes through PrefsTools' one write (`SuiteWrite`), then gives the model the outcome
    /// (``EditorModel/finishWrite(_:outcome:)``).
    case write(EditorWrite)
    /// Reads the store again (Ctrl-L, `:reload`, schemas installed by another process), which the loop asks of the
    /// model (``EditorModel/reload()``) once the input is handled.
    case reload
}
