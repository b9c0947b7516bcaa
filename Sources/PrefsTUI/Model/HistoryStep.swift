public import PrefsKit
import PrefsTools

/// One write made in the editor, with what the keys held before and after, so that it can be undone and redone.
public struct HistoryStep: Hashable, Sendable {
    public let suite: String
    /// The keys' stored values before the write; `nil` means not stored.
    public let before: [String: PropertyListValue?]
    /// The keys' stored values the write left.
    public let after: [String: PropertyListValue?]
    /// What the write did, as the status line said it.
    public let label: String
    /// The write's identifier in the store's history, which an undo or a redo of it names so that `prefs undo` and
    /// `prefs redo` read the history as the editor made it; `nil` when the store did not say.
    public var write: String?

    /// The step as the undo `prefs undo` makes, which checks what changed since the same way.
    var undo: SuiteUndo { SuiteUndo(suite: suite, before: before, after: after) }
}
