import Foundation
import PrefsTestHelpers
import Testing

/// The "KDE settings" article's block, run line by line exactly as written, with the built `prefs` and KDE's
/// `kreadconfig5` and `kwriteconfig5` on `PATH`; the editor's line in a real terminal.
@Suite(.needs(.kreadconfig5, .kwriteconfig5, .tmux), .threadOfItsOwn) struct KConfigArticleTests {
    @Test func everyCommandLineOfTheArticleRunsAsWritten() throws {
        let text = try ProjectFile.text("Sources/PrefsKConfig/PrefsKConfig.docc/KDESettings.md")
        let fence = try #require(ProjectFile.fences(in: text).first)
        let lines = ProjectFile.commandLines(in: fence.body)
        #expect(lines.count >= 10)
        let kde = try KDEFixture()
        let prefs = try ChildProcess.executable(named: "prefs").deletingLastPathComponent().path
        let environment = kde.environment.merging(["PATH": "\(prefs):/usr/bin:/bin"]) { $1 }
        try ProjectFile.run(lines, environment: environment) { line in
            if line.command == "prefs --store kconfig read dolphinrc" {
                // What the nested write before it made, as its comment says.
                #expect(kde.text("dolphinrc")?.contains("[Details Mode][Columns]\nSize=3\n") == true)
            }
            // The editor needs a terminal: the same line, in one.
            guard line.command.hasSuffix(" tui dolphinrc") else { return false }
            let terminal = try TmuxSession(
                running: "prefs", String(line.command.dropFirst("prefs ".count)), in: kde.prefs,
                extra: kde.environment, width: 120, height: 30)
            defer { terminal.close() }
            #expect(try terminal.waitFor { $0.contains("General/ShowFullPath") && $0.contains("dolphinrc") })
            return true
        }
    }
}
