import Foundation
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// The "Flatpak apps' settings" article's block, run line by line exactly as written, with the built `prefs` and
/// GLib's `gsettings` on `PATH`, over an app installed in flatpak's layout in a home of the test's own.
@Suite(.needs(.gsettings)) struct FlatpakArticleTests {
    static let schema = """
        <schemalist>
          <enum id="org.example.Notes.Clock">
            <value nick="12h" value="0"/>
            <value nick="24h" value="1"/>
          </enum>
          <schema id="org.example.Notes" path="/org/example/Notes/">
            <key name="font-size" type="i">
              <range min="6" max="72"/>
              <default>12</default>
              <summary>Font size</summary>
              <description>The size of the notes' text, in points.</description>
            </key>
            <key name="clock" enum="org.example.Notes.Clock">
              <default>'24h'</default>
              <summary>Clock format</summary>
            </key>
            <key name="recent-files" type="as">
              <default>[]</default>
              <summary>Recently opened notes</summary>
            </key>
          </schema>
        </schemalist>
        """

    @Test func everyCommandLineOfTheArticleRunsAsWritten() throws {
        let text = try ProjectFile.text("Sources/PrefsFlatpak/PrefsFlatpak.docc/FlatpakAppsSettings.md")
        let fence = try #require(ProjectFile.fences(in: text).first)
        let lines = ProjectFile.commandLines(in: fence.body)
        #expect(lines.count >= 12)
        let home = try TemporaryDirectory()
        let data = home.url.appendingPathComponent(".local/share")
        try FlatpakFixture.install(
            "org.example.Notes", in: data.appendingPathComponent("flatpak"), schemas: [Self.schema], name: "Notes")
        try FileManager.default.createDirectory(
            at: home.url.appendingPathComponent(".var/app/org.example.Notes"), withIntermediateDirectories: true)
        let prefs = try ChildProcess.executable(named: "prefs").deletingLastPathComponent().path
        let environment = [
            "HOME": home.url.path, "XDG_DATA_HOME": data.path, "PATH": "\(prefs):/usr/bin:/bin",
            "XDG_CONFIG_HOME": home.url.appendingPathComponent(".config").path,
            "XDG_STATE_HOME": home.url.appendingPathComponent(".local/state").path,
            "FLATPAK_SYSTEM_DIR": home.url.appendingPathComponent("system-flatpak").path, "LC_ALL": "C.UTF-8",
        ]
        try ProjectFile.run(lines, environment: environment)
    }
}
