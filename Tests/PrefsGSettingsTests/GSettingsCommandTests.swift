import Foundation
import PrefsTestHelpers
import Testing

/// Shell completion on GNOME's settings, which needs `prefs` as a process of its own, started by bash (the commands
/// are tested in-process, in the child's session: ``GSettingsInSession/CommandTests``).
@Suite(.needs(.gsettings, .dconf, .dbusDaemon), .threadOfItsOwn) struct GSettingsCommandTests {
    @Test func completionKnowsTheSchemasTheirKeysAndChoices() throws {
        let session = try GSettingsSession()
        let complete = { (words: [String]) in
            try BashCompletion.complete(
                ["--store", "gsettings"] + words, in: session.cli, environment: session.environment)
        }
        #expect(try complete(["read", "org.prefs.te"]) == ["org.prefs.test"])
        #expect(try complete(["read", "org.prefs.test", "clock"]) == ["clock-format"])
        #expect(try complete(["write", "org.prefs.test", "clock-format", ""]) == ["12h", "24h"])
    }
}
