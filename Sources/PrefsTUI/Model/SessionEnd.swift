public import PrefsTools

/// How the editor's session ends: whether the user quit, the signals that ask it to, the changes kept when it must
/// end without asking and offered back at the next start, and what it says once the terminal is given back.
public struct SessionEnd {
    /// Where pending changes go when the editor must end without asking, and come back from at the next start.
    public let recovery: PendingRecovery
    /// Whether the user asked to quit.
    public internal(set) var isFinished = false
    /// What to tell the user once the terminal is given back, such as where pending changes were kept.
    public internal(set) var exitNote: String?
    /// Ctrl-C and SIGTERM seen since the last question was answered: the second ends the editor, keeping its changes.
    var endingSignals = 0
    /// The kept changes the question at start offers back.
    var offeredRecovery: PendingRecovery.Found?

    init(recovery: PendingRecovery) {
        self.recovery = recovery
    }
}
