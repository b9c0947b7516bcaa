public import PrefsCore

/// Everything that reaches the editor's model, as the loop (``Editor``) hands it over: the one way in
/// (``EditorModel/update(_:)``), which changes the model and returns what it asks of the world.
public enum EditorAction: Sendable {
    /// A key, a paste, a mouse click or a resize the terminal sent.
    case input(InputEvent)
    /// Changes other processes made, as the store's observers told them.
    case othersChanged([PersistentKeyValueChange])
    /// Schemas installed, changed or removed meanwhile.
    case schemasChanged
    /// Other processes' changes no longer arrive, and why.
    case liveUpdatesStopped(String)
    /// The terminal's size, read before the inputs that follow.
    case resized(width: Int, height: Int)
    /// What a write the model asked for (``EditorEffect/write(_:)``) made, or why it made nothing.
    case written(EditorWrite, Result<[PersistentKeyValueChange], any Error>)
    /// What the user's `$EDITOR` left for a value (``EditorEffect/editExternally(_:)``).
    case editedExternally(ExternalEdit, Result<String, ExternalEditorError>)
}

extension EditorModel {
    /// Takes in one action: the model changes itself, and returns what it asks of the world, for the loop to perform.
    ///
    /// - Parameter action: What happened.
    /// - Returns: The effects, oldest first; none for most inputs.
    public func update(_ action: EditorAction) -> [EditorEffect] {
        switch action {
        case .input(let event): handle(event)
        case .othersChanged(let changes): apply(changes)
        case .schemasChanged: reload()
        case .liveUpdatesStopped(let reason): liveUpdatesStopped(reason)
        case .resized(let width, let height): navigation.viewSize = (width, height)
        case .written(let write, let outcome): finishWrite(write, outcome: outcome)
        case .editedExternally(let edit, let result): finishExternalEdit(edit, result: result)
        }
        return takeEffects()
    }
}
