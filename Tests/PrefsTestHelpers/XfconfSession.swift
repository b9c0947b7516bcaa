import Foundation

/// A private D-Bus session in which the bus starts Debian's xfconfd on demand, for tests of the Xfconf store that
/// never touch the user's settings.
///
/// It has a `HOME`, `XDG_CONFIG_HOME` (where xfconfd keeps the user's channels) and `XDG_RUNTIME_DIR` of its own, and
/// a system channel file in its own `XDG_CONFIG_DIRS`: channel `locked-test`, whose `/fixed` is locked for this user
/// (xfconfd locks for the users and `@groups` a `locked` attribute names) and whose `/free` the system sets to 3. The
/// bus is `dbus-run-session` running a shell that prints the address and waits on its input: closing the input ends
/// the session, its daemon and xfconfd.
package final class XfconfSession: Sendable {
    /// The `prefs` runner, whose home is the session's.
    package let cli: PrefsCLI
    private let bus: RunningChild
    private let address: String

    /// The variables every process of the session gets.
    package var environment: [String: String] {
        Self.variables(of: cli).merging(["DBUS_SESSION_BUS_ADDRESS": address]) { $1 }
    }

    private static func variables(of cli: PrefsCLI) -> [String: String] {
        cli.environment.merging(["XDG_RUNTIME_DIR": cli.home.url.appendingPathComponent("runtime").path]) { $1 }
    }

    /// Starts a session.
    ///
    /// - Throws: When the system channel file cannot be written, or the bus does not start.
    package init() throws {
        cli = try PrefsCLI()
        let manager = FileManager.default
        try manager.createDirectory(
            at: cli.home.url.appendingPathComponent("runtime"), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let channels = cli.systemDirectory.appendingPathComponent("xfce4/xfconf/xfce-perchannel-xml")
        try manager.createDirectory(at: channels, withIntermediateDirectories: true)
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <channel name="locked-test" version="1.0">
          <property name="fixed" type="string" value="by the system" locked="\(NSUserName())"/>
          <property name="free" type="int" value="3"/>
        </channel>

        """.write(to: channels.appendingPathComponent("locked-test.xml"), atomically: true, encoding: .utf8)
        // Through the helper, which unblocks signals: dbus-run-session ends its daemon with SIGTERM.
        bus = try RunningChild(
            "prefs-test-helper",
            [
                "exec-unblocked", "/usr/bin/dbus-run-session", "--", "sh", "-c",
                #"echo "$DBUS_SESSION_BUS_ADDRESS"; exec cat"#,
            ],
            environment: Self.variables(of: cli), pipingInput: true)
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
}
