/// A question the editor asks before doing something that touches many keys at once.
public struct Confirmation: Hashable, Sendable {
    /// What a `y` does.
    public enum Action: Hashable, Sendable {
        /// Removes every stored value of a suite, so that each key reads as its default.
        case resetSuite(String)
        /// Deletes a whole suite, as `prefs delete SUITE` does: its keys and its file.
        case deleteSuite(String)
        /// Removes the stored values of some keys of a suite: those marked with `m`.
        case resetKeys(suite: String, keys: [String])
        /// Moves an unreadable suite's file aside and starts the suite afresh; `p` restores the version the last
        /// write replaced instead, when there is one.
        case recoverSuite(String, canRestorePrevious: Bool)
        /// Quitting with pending changes: `y` applies them, `n` drops them, anything else stays.
        case quitWithPending
        /// Pending changes an editor kept when it ended without asking: `y` restores them as pending, `n` discards
        /// them, anything else keeps them for a later start.
        case restorePending
    }

    /// The question, naming what would change.
    public let question: String
    public let action: Action

    /// The answers the footer offers while the question is asked, the keys ``EditorModel`` acts on.
    ///
    /// Esc, like any other key not named, always leaves things as they are; short, so that the footer holds them at
    /// 80 columns after the delayed mode's mark.
    public var answers: String {
        switch action {
        case .resetSuite, .resetKeys: "y yes  esc no"
        case .deleteSuite: "y delete  esc no"
        case .recoverSuite(_, let canRestorePrevious):
            canRestorePrevious ? "y start afresh  p restore previous  esc no" : "y start afresh  esc no"
        case .quitWithPending: "y apply & quit  n discard & quit  esc stay"
        case .restorePending: "y restore  n discard  esc keep for later"
        }
    }
}

/// An action that takes its key twice in a row, because it is hard to take back or overrides another process.
public enum PendingRepeat: Hashable, Sendable {
    /// `d` once asked to delete this key.
    case delete(suite: String, key: String)
    /// `u` once found that another process changed what it would undo.
    case undo
    /// Ctrl-R once found that another process changed what it would redo.
    case redo
    /// `A` once found pending keys that another process changed since.
    case applyPending
}
