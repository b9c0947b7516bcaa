import Foundation
import PrefsTestHelpers
import Testing

/// `prefs --store xfconf`, run in this process in the child's private session, with folders of its own but the
/// session's system folders, which xfconfd reads too.
struct XfconfChildSession {
    let runner: InProcessPrefs

    /// A runner; each test writes channels of its own, so nothing is reset.
    ///
    /// - Throws: When a temporary folder cannot be made.
    init() throws {
        var runner = try InProcessPrefs()
        // prefs finds the session's bus in its environment, as a process started in the session does.
        let session = ProcessInfo.processInfo.environment
        runner.overriding = [
            "XDG_CONFIG_DIRS": session["XDG_CONFIG_DIRS"] ?? "",
            "DBUS_SESSION_BUS_ADDRESS": session["DBUS_SESSION_BUS_ADDRESS"] ?? "",
        ]
        self.runner = runner
    }

    /// Runs a `prefs --store xfconf` command line in this process.
    @discardableResult
    func prefs(_ arguments: String...) -> PrefsRun {
        runner.run(["--store", "xfconf"] + arguments, input: nil)
    }

    /// Starts `prefs --store xfconf watch …` in this process.
    func watch(_ arguments: String...) -> InProcessWatch {
        runner.watch(["--store", "xfconf"] + arguments)
    }

    /// Starts `prefs --store xfconf …` on a terminal in memory, in this process.
    func editor(_ arguments: String...) -> RunningEditor {
        runner.editor(["--store", "xfconf"] + arguments)
    }
}
