import Foundation
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// `prefs` alone on a terminal over a machine with Flatpak apps: a folder per app, titled by its desktop file's name,
/// and the app's own write shown live.
@Suite(.needs(.gsettings, .tmux)) struct FlatpakMachineViewTests {
    @Test func theMachineViewHasAFolderPerAppAndHearsTheApp() throws {
        let cli = try PrefsCLI()
        let data = cli.home.url.appendingPathComponent("data")
        let system = cli.home.url.appendingPathComponent("system-flatpak")
        let notes = try FlatpakFixture.install(
            FlatpakSettingsTests.id, in: data.appendingPathComponent("flatpak"),
            schemas: [FlatpakSettingsTests.schema], name: "Notes")
        let maps = """
            <schemalist><schema id="org.example.Maps" path="/org/example/Maps/">
              <key name="zoom" type="i"><default>3</default></key>
            </schema></schemalist>
            """
        try FlatpakFixture.install("org.example.Maps", in: system, schemas: [maps])
        // A desktop file's name is text from a file: a terminal sequence in it is shown escaped, never sent.
        let evil = maps.replacingOccurrences(of: "org.example.Maps", with: "org.example.Evil")
            .replacingOccurrences(of: "org/example/Maps", with: "org/example/Evil")
        try FlatpakFixture.install("org.example.Evil", in: system, schemas: [evil], name: "Evil\u{1B}]0;owned\u{7}")
        let settings = cli.home.url.appendingPathComponent(".var/app/\(FlatpakSettingsTests.id)/config")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        // The app, as flatpak runs it: GLib's keyfile backend, its own configuration folder and schemas.
        let app = { (arguments: [String]) in
            let result = try ChildProcess.run(
                "/usr/bin/gsettings", arguments,
                environment: [
                    "GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": settings.path, "HOME": cli.home.path,
                    "GSETTINGS_SCHEMA_DIR": notes.appendingPathComponent("files/share/glib-2.0/schemas").path,
                ])
            #expect(result.status == 0, "\(result.standardError)")
        }
        try app(["set", FlatpakSettingsTests.id, "font-size", "20"])

        let terminal = try TmuxSession(
            running: "prefs", "", in: cli, extra: ["FLATPAK_SYSTEM_DIR": system.path], width: 120, height: 30)
        defer { terminal.close() }
        #expect(try terminal.waitFor { $0.contains("flatpak") && $0.contains("3 suites") })
        try terminal.send("Down", "Enter")
        // In the apps' order, by id: an app without a desktop file is named by its id.
        #expect(
            try terminal.waitFor { screen in
                let lines = screen.split(separator: "\n")
                return lines.contains { $0.hasPrefix("  org.example.Maps") && $0.contains("1 suite") }
                    && lines.contains { $0.hasPrefix(#"  Evil\e]0;owned\u{7} (org.example.Evil)"#) }
                    && lines.contains { $0.hasPrefix("  Notes (org.example.Notes)") && $0.contains("1 suite") }
            }, "\((try? terminal.capture()) ?? "")")
        try terminal.send("Down", "Down", "Enter")
        #expect(
            try terminal.waitFor { $0.contains("org.example.Notes") && $0.contains("1 set") },
            "\((try? terminal.capture()) ?? "")")
        try terminal.send("Enter")
        #expect(try terminal.waitFor { $0.contains("font-size") && $0.contains("20") })
        try app(["set", FlatpakSettingsTests.id, "font-size", "31"])
        #expect(
            try terminal.waitFor { screen in
                screen.split(separator: "\n").contains { $0.contains("font-size") && $0.contains("31") }
            }, "\((try? terminal.capture()) ?? "")")
    }
}
