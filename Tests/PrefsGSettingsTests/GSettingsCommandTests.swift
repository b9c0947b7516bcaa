import Foundation
import PrefsTestHelpers
import Testing

/// `prefs watch` and shell completion on GNOME's settings, which need `prefs` as a process of its own (the other
/// commands are tested in-process, in the child's session: ``GSettingsInSession/CommandTests``).
@Suite(.threadOfItsOwn) struct GSettingsCommandTests {
    @Test func watchSeesGSettingsAndPrefsWritesWithTheirWriters() throws {
        let session = try GSettingsSession()
        let watch = try session.start("watch", "org.prefs.test")
        defer { watch.kill() }
        // The watcher starts, and its match rules reach the bus, asynchronously: write until one change arrives.
        var attempt = 0
        while !watch.output.contains(where: { $0.contains("volume =") }), attempt < 100 {
            attempt += 1
            try session.gsettings("set", "org.prefs.test", "volume", "\(attempt)")
            watch.waitForLine(timeout: .milliseconds(200)) { $0.contains("volume =") }
        }
        #expect(watch.output.contains { $0.contains("org.prefs.test volume = \(attempt) (unknown writer)") })
        let write = try session.prefs("write", "org.prefs.test", "clock-format", "12h")
        #expect(write.status == 0)
        #expect(watch.waitForLine { $0.contains("org.prefs.test clock-format = 12h (prefs pid") })
    }

    @Test func suitesFindAndCompletionKnowTheSchemas() throws {
        let session = try GSettingsSession()
        let suites = try session.prefs("suites").lines
        #expect(suites.contains("org.gnome.desktop.interface"))
        #expect(suites.contains("org.prefs.test"))
        #expect(try session.prefs("find", "clock-format").output.contains("org.gnome.desktop.interface clock-format ="))
        let complete = { (words: [String]) in
            try BashCompletion.complete(
                ["--store", "gsettings"] + words, in: session.cli, environment: session.environment)
        }
        #expect(try complete(["read", "org.prefs.te"]) == ["org.prefs.test"])
        #expect(try complete(["read", "org.prefs.test", "clock"]) == ["clock-format"])
        #expect(try complete(["write", "org.prefs.test", "clock-format", ""]) == ["12h", "24h"])
    }
}
