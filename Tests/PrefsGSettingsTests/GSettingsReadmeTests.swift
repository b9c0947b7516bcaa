import Foundation
import PrefsTestHelpers
import Testing

/// The "GNOME settings" article's blocks, run line by line exactly as written in a private session, with the built
/// `prefs`, GLib's `gsettings` and dconf's `dconf` on `PATH`.
@Suite(.needs(.gsettings, .dconf, .dbusDaemon, .tmux), .threadOfItsOwn) struct GSettingsReadmeTests {
    @Test func everyCommandLineOfTheArticleRunsAsWritten() throws {
        let text = try ProjectFile.text("Sources/PrefsGSettings/PrefsGSettings.docc/GNOMESettings.md")
        let fences = ProjectFile.fences(in: text)
        #expect(fences.count == 2)
        // Every block, in order, in one session: the second's dconf paths beside the first's schemas.
        let lines = fences.flatMap { ProjectFile.commandLines(in: $0.body) }
        #expect(lines.count >= 20)
        let session = try GSettingsSession()
        let prefs = try ChildProcess.executable(named: "prefs").deletingLastPathComponent().path
        let environment = session.environment.merging(["PATH": "\(prefs):/usr/bin:/bin"]) { $1 }
        try ProjectFile.run(lines, environment: environment) { line in
            // The editor needs a terminal: the same line, in one.
            guard line.command.hasSuffix(" tui org.gnome.desktop.interface") else { return false }
            let terminal = try TmuxSession(
                running: "prefs", String(line.command.dropFirst("prefs ".count)), in: session.cli,
                extra: session.environment, width: 120, height: 30)
            defer { terminal.close() }
            #expect(try terminal.waitFor { $0.contains("clock-format") && $0.contains("Summary") })
            return true
        }
    }
}
