import Foundation
import PrefsTestHelpers
import Testing

/// `prefs` alone in a real terminal on a desktop of three stores, each run by its own programs.
///
/// One private D-Bus session holds GNOME's dconf and schemas, KDE's `kdeglobals` written by `kwriteconfig5`, and
/// XFCE's `xsettings` channel served by xfconfd. The tree, the live view with its writers, and the one search, as a
/// user meets them.
@Suite(
    .needs(.gsettings, .dconf, .dbusDaemon, .tmux, .kwriteconfig5, .xfconfQuery), .threadOfItsOwn
) struct MachineTerminalTests {
    @Test(.timeLimit(.minutes(5))) func theMachineIsATreeLiveAndSearchedWhole() throws {
        let session = try GSettingsSession()
        let config = try #require(session.environment["XDG_CONFIG_HOME"])
        let environment = session.environment.merging(["XDG_CURRENT_DESKTOP": "GNOME"]) { $1 }
        // KDE's file as KDE's own tool writes it; XFCE's channel as xfconfd saves it, read by xfconfd when first asked.
        let kde = try ChildProcess.run(
            "/usr/bin/kwriteconfig5",
            ["--file", "\(config)/kdeglobals", "--group", "General", "--key", "ColorScheme", "BreezeLight"],
            environment: environment)
        #expect(kde.status == 0, "\(kde.standardError)")
        let channels = URL(fileURLWithPath: "\(config)/xfce4/xfconf/xfce-perchannel-xml", isDirectory: true)
        try FileManager.default.createDirectory(at: channels, withIntermediateDirectories: true)
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>

            <channel name="xsettings" version="1.0">
              <property name="Net" type="empty">
                <property name="ThemeName" type="string" value="Greybird"/>
              </property>
            </channel>

            """.utf8
        ).write(to: channels.appendingPathComponent("xsettings.xml"))
        let terminal = try TmuxSession(
            running: "prefs", "", in: session.cli, extra: environment, width: 120, height: 30)
        defer { terminal.close() }

        // Every store here, the desktop's first, each with its count.
        #expect(
            try terminal.waitFor { screen in
                let rows = screen.split(separator: "\n").dropFirst().prefix(4).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                return rows.count == 4 && rows[0].hasPrefix("gsettings") && rows.contains { $0.hasPrefix("kconfig") }
                    && rows.contains { $0.hasPrefix("xfconf") } && rows.contains { $0.hasPrefix("files") }
            }, "\((try? terminal.capture()) ?? "")")
        // A tree: GNOME's store opens onto its folders, with the way back above.
        try terminal.send("Enter")
        #expect(
            try terminal.waitFor { $0.contains("this machine › gsettings") && $0.contains("org.") },
            "\((try? terminal.capture()) ?? "")")
        try terminal.send("Escape")
        #expect(
            try terminal.waitFor { $0.contains("xfconf") && $0.contains("kconfig") },
            "\((try? terminal.capture()) ?? "")")

        // Live: each program's change arrives, named by the process the session bus says called the service.
        _ = try session.dconf("write", "/org/gnome/desktop/interface/gtk-theme", "'Live'")
        let xfconf = try ChildProcess.run(
            "/usr/bin/xfconf-query", ["-c", "xsettings", "-p", "/Net/ThemeName", "-s", "LiveX"],
            environment: environment)
        #expect(xfconf.status == 0, "\(xfconf.standardError)")
        try terminal.send("w")
        #expect(
            try terminal.waitFor { screen in
                screen.contains("gsettings:org.gnome.desktop.interface gtk-theme = Live")
                    && screen.contains("(dconf pid ")
                    && screen.contains("xfconf:xsettings /Net/ThemeName = LiveX")
                    && screen.contains("(was Greybird)  (xfconf-query pid ")
            }, "\((try? terminal.capture()) ?? "")")
        try terminal.send("q")

        // One search over every store, each hit saying why it matched.
        try terminal.send("/")
        try terminal.send("ThemeName")
        #expect(
            try terminal.waitFor { screen in
                screen.split(separator: "\n").contains {
                    $0.contains("xfconf:xsettings › /Net/ThemeName") && $0.contains("LiveX")
                        && $0.contains("by a word of the name")
                }
            }, "\((try? terminal.capture()) ?? "")")
        try terminal.send("Escape", "Escape", "q")
        #expect(try terminal.waitFor { $0.contains("EXITED 0") }, "\((try? terminal.capture()) ?? "")")
    }
}
