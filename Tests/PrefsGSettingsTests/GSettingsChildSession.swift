import Foundation
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// The private session the child test process runs in (``GSettingsChild``), with the helpers of ``GSettingsSession``
/// that tests use; `prefs` runs in this process, GLib's and dconf's tools as themselves.
struct GSettingsChildSession {
    private let runner: InProcessPrefs

    /// The session, its user database reset so that each test starts from the schemas' defaults and the system's
    /// locks; `prefs` gets folders of its own.
    ///
    /// - Throws: When dconf cannot reset the database, or a temporary folder cannot be made.
    init() throws {
        try GSettingsChild.reset("/")
        var runner = try InProcessPrefs()
        // The session's data folders (the machine's GNOME schemas among them), not the scope's empty ones.
        runner.overriding["XDG_DATA_DIRS"] = ProcessInfo.processInfo.environment["XDG_DATA_DIRS"]
        // The session's bus, which GIO in this process reaches through the process's own environment: the store's
        // monitor of who calls dconf reaches it through the scope's.
        runner.overriding["DBUS_SESSION_BUS_ADDRESS"] = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
        self.runner = runner
    }

    /// The folder of `prefs`'s own, where tests put files to import.
    var home: TemporaryDirectory { runner.home }

    /// Runs a `prefs --store gsettings` command line in this process.
    @discardableResult
    func prefs(_ arguments: String..., input: Data? = nil) throws -> PrefsRun {
        runner.run(["--store", "gsettings"] + arguments, input: input)
    }

    /// Runs a `prefs --store gsettings` command line as a process of its own, in the session: for what only a
    /// process shows, such as the warnings the library logs on its standard error.
    @discardableResult
    func spawned(_ arguments: String...) throws -> PrefsRun {
        try runner.spawn(["--store", "gsettings"] + arguments)
    }

    /// Runs a `prefs --store gsettings` command line in this process, its words in an array.
    func runner(_ arguments: [String]) -> PrefsRun {
        runner.run(["--store", "gsettings"] + arguments)
    }

    /// Starts `prefs --store gsettings watch …` in this process.
    func watch(_ arguments: String...) -> InProcessWatch {
        runner.watch(["--store", "gsettings"] + arguments)
    }

    /// Starts `prefs --store gsettings …` on a terminal in memory, in this process.
    func editor(_ arguments: String...) -> RunningEditor {
        runner.editor(["--store", "gsettings"] + arguments)
    }

    /// Runs GLib's own `gsettings`.
    @discardableResult
    func gsettings(_ arguments: String...) throws -> ChildProcess.Result {
        try ChildProcess.run("/usr/bin/gsettings", arguments)
    }

    /// Runs dconf's own `dconf`.
    @discardableResult
    func dconf(_ arguments: String...) throws -> ChildProcess.Result {
        try ChildProcess.run("/usr/bin/dconf", arguments)
    }

    /// What `gsettings get` prints for a key, without the newline.
    func get(_ schema: String, _ key: String) throws -> String {
        try ChildProcess.run("/usr/bin/gsettings", ["get", schema, key]).standardOutput
            .trimmingCharacters(in: .newlines)
    }
}
