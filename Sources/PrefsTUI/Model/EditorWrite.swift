public import PrefsCore

/// A write an update asks the loop to make (``EditorEffect/write(_:)``), with what the model does once it is made or
/// refused (``EditorModel/finishWrite(_:outcome:)``): the update decides, the loop writes through PrefsTools' one
/// write, and the model takes the outcome in.
public struct EditorWrite: Hashable, Sendable {
    /// What the model does with the outcome, beyond saying it and recording it.
    public enum FollowUp: Hashable, Sendable {
        /// Nothing more.
        case none
        /// A key written over the value shown: refused because another process changed it meanwhile, that is said.
        case key(String, expected: PropertyListValue?)
        /// A choice picked: refused over another process's change, the picker opens again, warned.
        case picker(ChoicePicker, key: String, expected: PropertyListValue?)
        /// A value typed: refused over another process's change, the line opens again, warned.
        case edit(EditSession, expected: PropertyListValue?)
        /// A value edited in `$EDITOR`: written, its kept text is dropped; refused over another process's change,
        /// the text is kept for the next `e`.
        case externalEdit(ExternalEdit, text: String)
        /// Keys reset from a mark: written, the suite's marks are cleared.
        case clearMarks
        /// `A`: one suite's pending changes; the next suites' follow once it is written, and the editor quits after
        /// the last when it was asked to.
        case pending(written: Int, remaining: [String], force: Bool, thenQuit: Bool)
    }

    /// The suite.
    public let suite: String
    /// The new stored value of each key; `nil` removes it.
    public let changes: [String: PropertyListValue?]
    /// What each of these keys must still hold, checked under the suite's lock; empty expects nothing.
    public let expecting: [String: PropertyListValue?]
    /// What is said once it is written.
    public let done: String
    /// What follows.
    public let then: FollowUp
}
