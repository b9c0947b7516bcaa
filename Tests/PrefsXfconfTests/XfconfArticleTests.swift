import Foundation
import PrefsTestHelpers
import Testing

/// The "XFCE settings" article's block, run line by line exactly as written in a private session, with the built
/// `prefs` and Debian's `xfconf-query` on `PATH`.
@Suite(.needs(.xfconfQuery, .dbusDaemon, .tmux), .threadOfItsOwn) struct XfconfArticleTests {
    @Test func everyCommandLineOfTheArticleRunsAsWritten() throws {
        let text = try ProjectFile.text("Sources/PrefsXfconf/PrefsXfconf.docc/XFCESettings.md")
        let fence = try #require(ProjectFile.fences(in: text).first)
        let lines = ProjectFile.commandLines(in: fence.body)
        #expect(lines.count >= 12)
        let session = try XfconfSession()
        let prefs = try ChildProcess.executable(named: "prefs").deletingLastPathComponent().path
        let environment = session.environment.merging(["PATH": "\(prefs):/usr/bin:/bin"]) { $1 }
        try ProjectFile.run(lines, environment: environment) { line in
            // The editor needs a terminal: the same line, in one.
            guard line.command.hasSuffix(" tui prefs-demo") else { return false }
            let terminal = try TmuxSession(
                running: "prefs", String(line.command.dropFirst("prefs ".count)), in: session.cli,
                extra: session.environment, width: 120, height: 30)
            defer { terminal.close() }
            #expect(try terminal.waitFor { $0.contains("/general/name") && $0.contains("ada") })
            return true
        }
    }
}
