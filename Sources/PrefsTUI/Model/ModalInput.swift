/// What takes the next keys before the list does: a line being edited, a picker, a question, a key waiting for its
/// second press, and a value handed to the user's own editor, with the text a refused one left.
public struct ModalInput {
    /// The value being edited, if any.
    public internal(set) var editing: EditSession?
    /// The choice list open over the keys, if any.
    public internal(set) var picker: ChoicePicker?
    /// A question the next key answers: `y` goes ahead, anything else keeps things as they are.
    public internal(set) var confirmation: Confirmation?
    /// An action a first key asked for that takes the same key again to happen (`d d`, or `u` over another process's
    /// change); any other input forgets it.
    public internal(set) var pendingRepeat: PendingRepeat?
    /// What the last inputs asked the loop to do outside the model, oldest first (``EditorModel/takeEffects()``).
    public internal(set) var effects: [EditorEffect] = []
    /// Text an external edit left that could not be written, by suite and key, opened again by the next `e`.
    var externalDrafts: [SuiteKey: String] = [:]
}
