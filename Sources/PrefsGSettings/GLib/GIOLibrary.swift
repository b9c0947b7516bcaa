import PrefsGLib
import Synchronization

/// GIO, loaded the first time the store needs it rather than when the program starts: the dynamic loader spends more
/// than a millisecond on libgio, libgobject, libglib and theirs, which every `prefs` command would otherwise pay.
enum GIOLibrary {
    /// Loads GIO and resolves every function CGio declares, once per process, and catches dconf's messages from then
    /// on; later calls give the first outcome.
    ///
    /// The corresponding C function is `dlopen`, through PrefsGLib's ``/PrefsGLib/GLib/loadFailure()``.
    ///
    /// - Throws: ``GSettingsStoreError/gioUnavailable(_:)`` with the dynamic loader's reason when GIO is not
    ///   installed or lacks a function.
    static func load() throws(GSettingsStoreError) {
        attempted.store(true, ordering: .releasing)
        if let problem = outcome { throw .gioUnavailable(problem) }
    }

    /// Whether this process has loaded GIO, or tried to: from then on the store reads through it.
    static var isLoaded: Bool { attempted.load(ordering: .acquiring) }

    private static let attempted = Atomic<Bool>(false)

    /// `nil` once loaded, else why not; a `static let`, so that dconf's messages are caught once.
    private static let outcome: String? = {
        if let problem = GLib.loadFailure() { return problem }
        DconfMessages.install()
        return nil
    }()
}
