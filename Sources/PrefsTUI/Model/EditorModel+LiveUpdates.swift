import PrefsCore

extension EditorModel {
    /// Says that other processes' changes no longer arrive, and keeps saying it in the title until one does: a stale
    /// screen must not pass for a live one.
    ///
    /// - Parameter reason: Why, as the store said it.
    public func liveUpdatesStopped(_ reason: String) {
        live.problem = TextEscaping.escaped(reason)
        say("live updates stopped: \(TextEscaping.escaped(reason))")
    }
}
