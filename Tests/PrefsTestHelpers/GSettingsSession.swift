import Foundation

/// A private D-Bus session with the dconf service, for tests of the GSettings store that never touch the user's
/// settings.
///
/// It has a `HOME`, `XDG_CONFIG_HOME` (where dconf-service keeps the user database) and `XDG_RUNTIME_DIR` of its own,
/// the test schemas compiled by `glib-compile-schemas` into its own `GSETTINGS_SCHEMA_DIR` (Debian's
/// gsettings-desktop-schemas stay visible through `XDG_DATA_DIRS`), and a dconf profile with a system database that
/// locks `/org/prefs/test/locked-key`, `/org/prefs/layers/pinned` and `/org/prefs/free/fixed` (a path no schema
/// describes), and sets `/org/prefs/layers/greeting` and `/org/prefs/free/system-only`. The bus is `dbus-run-session`
/// running a shell that prints the address and waits on its input: closing the input ends the session and its daemon,
/// and dconf-service with it.
package final class GSettingsSession: Sendable {
    /// The `prefs` runner, whose home is the session's.
    package let cli: PrefsCLI
    private let bus: RunningChild
    private let address: String

    /// The folder of the test schemas' sources.
    package static let schemaSources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("PrefsGSettingsTests/Schemas", isDirectory: true)

    /// The variables every process of the session gets.
    package var environment: [String: String] {
        Self.variables(of: cli).merging(["DBUS_SESSION_BUS_ADDRESS": address]) { $1 }
    }

    /// The variables of a session's folders, which the bus and dconf-service get too.
    private static func variables(of cli: PrefsCLI) -> [String: String] {
        let root = cli.home.url
        return cli.environment.merging([
            "XDG_RUNTIME_DIR": root.appendingPathComponent("runtime").path,
            "GSETTINGS_SCHEMA_DIR": root.appendingPathComponent("schemas").path,
            "DCONF_PROFILE": root.appendingPathComponent("profile").path,
            "XDG_DATA_DIRS": "/usr/local/share:/usr/share",
        ]) { $1 }
    }

    /// Starts a session.
    ///
    /// - Throws: When the schemas do not compile, the system database cannot be made, or the bus does not start.
    package init() throws {
        cli = try PrefsCLI()
        let root = cli.home.url
        let manager = FileManager.default
        for folder in ["runtime", "schemas", "config", "db.d/locks"] {
            try manager.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        }
        // The sources go beside the compiled file too: GIO reads summaries and descriptions from them.
        let schemas = root.appendingPathComponent("schemas")
        for source in try manager.contentsOfDirectory(atPath: Self.schemaSources.path) where source.hasSuffix(".xml") {
            try manager.copyItem(
                at: Self.schemaSources.appendingPathComponent(source), to: schemas.appendingPathComponent(source))
        }
        try Self.check(
            ChildProcess.run(
                "/usr/bin/glib-compile-schemas",
                [
                    "--allow-any-name", "--targetdir=\(root.appendingPathComponent("schemas").path)",
                    Self.schemaSources.path,
                ]
            ), "glib-compile-schemas")
        try
            ("[org/prefs/test]\nlocked-key='set by the system'\n\n[org/prefs/layers]\ngreeting='from the system'\npinned=7\n"
            + "\n[org/prefs/free]\nsystem-only=uint32 3\nfixed='by the system'\n")
            .write(
                to: root.appendingPathComponent("db.d/00-test"), atomically: true, encoding: .utf8)
        try "/org/prefs/test/locked-key\n/org/prefs/layers/pinned\n/org/prefs/free/fixed\n".write(
            to: root.appendingPathComponent("db.d/locks/test"), atomically: true, encoding: .utf8)
        let system = root.appendingPathComponent("system.db")
        try Self.check(
            ChildProcess.run("/usr/bin/dconf", ["compile", system.path, root.appendingPathComponent("db.d").path]),
            "dconf compile")
        try "user-db:user\nfile-db:\(system.path)\n".write(
            to: root.appendingPathComponent("profile"), atomically: true, encoding: .utf8)
        let variables = Self.variables(of: cli)
        // Through the helper, which unblocks signals: dbus-run-session ends its daemon with SIGTERM.
        bus = try RunningChild(
            "prefs-test-helper",
            [
                "exec-unblocked", "/usr/bin/dbus-run-session", "--", "sh", "-c",
                #"echo "$DBUS_SESSION_BUS_ADDRESS"; exec cat"#,
            ],
            environment: variables, pipingInput: true)
        guard bus.waitForLine(where: { $0.hasPrefix("unix:") }),
            let line = bus.output.first(where: { $0.hasPrefix("unix:") })
        else {
            bus.closeInput()
            throw CocoaError(
                .executableLoad, userInfo: [NSLocalizedDescriptionKey: "dbus-run-session printed no address"])
        }
        address = line
    }

    deinit {
        bus.closeInput()
        _ = bus.wait()
    }

    /// Runs `prefs --store gsettings` with the arguments, in the session.
    @discardableResult
    package func prefs(_ arguments: String..., input: Data? = nil) throws -> PrefsCLI.Result {
        try cli.run(["--store", "gsettings"] + arguments, input: input, extraEnvironment: environment)
    }

    /// Starts a long-running `prefs --store gsettings` command, such as `watch`, in the session.
    package func start(_ arguments: String...) throws -> RunningChild {
        try RunningChild("prefs", ["--store", "gsettings"] + arguments, environment: environment)
    }

    /// Runs GLib's own `gsettings` in the session.
    @discardableResult
    package func gsettings(_ arguments: String...) throws -> ChildProcess.Result {
        try ChildProcess.run("/usr/bin/gsettings", arguments, environment: environment)
    }

    /// Runs dconf's own `dconf` in the session.
    @discardableResult
    package func dconf(_ arguments: String...) throws -> ChildProcess.Result {
        try ChildProcess.run("/usr/bin/dconf", arguments, environment: environment)
    }

    /// What `gsettings get` prints for a key, without the newline.
    package func get(_ schema: String, _ key: String) throws -> String {
        try gsettings("get", schema, key).standardOutput.trimmingCharacters(in: .newlines)
    }

    private static func check(_ result: ChildProcess.Result, _ command: String) throws {
        guard result.status == 0 else {
            throw CocoaError(
                .executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(command) failed: \(result.standardError)"])
        }
    }
}
