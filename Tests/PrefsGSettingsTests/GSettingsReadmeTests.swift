import Foundation
import PrefsTestHelpers
import Testing

/// The README's "GNOME settings" block, run line by line exactly as written in a private session, with the built
/// `prefs` and GLib's `gsettings` on `PATH`.
@Suite struct GSettingsReadmeTests {
    private static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    @Test func everyCommandLineOfTheSectionRunsAsWritten() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "\n## GNOME settings\n").dropFirst().first)
        let fence = try #require(section.components(separatedBy: "```").dropFirst().first)
        var lines: [(command: String, comment: String, sample: [String])] = []
        for line in fence.split(separator: "\n").map(String.init) {
            if line.hasPrefix("$ ") {
                let parts = line.dropFirst(2).components(separatedBy: "  #")
                lines.append((parts[0].trimmingCharacters(in: .whitespaces), parts.dropFirst().joined(), []))
            } else if !lines.isEmpty {
                lines[lines.count - 1].sample.append(line)
            }
        }
        #expect(lines.count >= 10)
        let session = try GSettingsSession()
        let prefs = try ChildProcess.executable(named: "prefs").deletingLastPathComponent().path
        let environment = session.environment.merging(["PATH": "\(prefs):/usr/bin:/bin"]) { $1 }
        for line in lines {
            if line.command.hasSuffix(" tui org.gnome.desktop.interface") {
                // The editor needs a terminal: the same line, in one.
                let terminal = try TmuxSession(
                    running: "prefs", String(line.command.dropFirst("prefs ".count)), in: session.cli,
                    extra: session.environment, width: 120, height: 30)
                defer { terminal.close() }
                #expect(try terminal.waitFor { $0.contains("clock-format") && $0.contains("Summary") })
                continue
            }
            let run = try ChildProcess.run("/bin/bash", ["-c", line.command], environment: environment)
            if line.comment.contains("refused") {
                #expect(run.status != 0, "\(line.command)")
                #expect(run.standardError.split(separator: "\n").count == 1, "\(line.command): \(run.standardError)")
            } else {
                #expect(run.status == 0, "\(line.command): \(run.standardError)")
            }
            if !line.sample.isEmpty {
                #expect(run.standardOutput.split(separator: "\n").map(String.init) == line.sample, "\(line.command)")
            }
        }
    }
}
