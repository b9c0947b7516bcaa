import PrefsCore
public import PrefsTUI

/// The editor on the process's terminal, as `prefs tui`, `prefs demo` and an app's own settings editor run it.
public enum TerminalEditor {
    /// A terminal in memory to run the editor on instead of the process's, for this task only: how tests run
    /// `prefs tui` in-process, through every step the program takes, with the screen kept and input typed.
    @TaskLocal public static var terminalInTask: (@Sendable () -> any TerminalBackend)?

    /// Takes over the terminal, runs the store's service so that other processes' changes show, and runs the editor
    /// until the user quits; the terminal is given back as it was, whatever happens.
    ///
    /// - Parameters:
    ///   - model: The editor's model, on its store.
    ///   - noColor: Draw without colours.
    ///   - themeFile: The user's colours, over the built-in ones.
    /// - Returns: What the editor has to say after the terminal is given back (pending changes it kept), if anything.
    /// - Throws: ``NcursesError`` when the terminal cannot be set up.
    public static func run(_ model: EditorModel, noColor: Bool = false, themeFile: ThemeFile = .none) throws -> String?
    {
        if let terminal = terminalInTask { return run(model, on: terminal(), themeFile: themeFile) }
        let backend = try NcursesBackend(noColor: noColor)
        defer { backend.close() }
        let note = run(model, on: backend, themeFile: themeFile)
        backend.close()
        return note
    }

    /// Runs the store's service, so that other processes' changes show, and the editor on a backend until the user
    /// quits.
    ///
    /// - Parameters:
    ///   - model: The editor's model, on its store.
    ///   - backend: The terminal it draws on and reads.
    ///   - themeFile: The user's colours.
    /// - Returns: What the editor has to say once it ended (pending changes it kept), if anything.
    static func run(_ model: EditorModel, on backend: any TerminalBackend, themeFile: ThemeFile = .none) -> String? {
        let store = model.data.store
        let editor = Editor(model: model, backend: backend)
        editor.themeFile = themeFile
        let report = editor.problemReporter
        // Other processes' changes are delivered from before the first frame where the store can start so (the file
        // and KConfig stores): the service's task may start later, and a change made meanwhile would go unseen.
        var delivering: PersistentKeyValueObservation?
        do {
            delivering = try store.startDelivering()
        } catch {
            report(error)
        }
        defer { delivering?.cancel() }
        // A service that dies for good leaves the screen stale: the editor says so rather than going on silently.
        let service = Task {
            do { try await store.run() } catch  where !(error is CancellationError) { report(error) }
        }
        defer { service.cancel() }
        editor.run()
        return model.ending.exitNote
    }
}
