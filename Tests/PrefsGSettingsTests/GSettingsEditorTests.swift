import Foundation
import PrefsTestHelpers
import Testing

/// The editor on GNOME's settings, in a real terminal (tmux) inside a private session.
@Suite(.threadOfItsOwn) struct GSettingsEditorTests {
    @Test func theEditorShowsTheSchemaOffersChoicesAndRefusesALockedKey() throws {
        let session = try GSettingsSession()
        let terminal = try TmuxSession(
            running: "prefs", "--store gsettings tui org.prefs.test", in: session.cli, extra: session.environment,
            width: 120, height: 30)
        defer { terminal.close() }
        #expect(try terminal.waitFor { $0.contains("clock-format") && $0.contains("locked-key") })
        // The locked key's state says so, and editing it is refused with the reason.
        #expect(
            try terminal.waitFor {
                $0.split(separator: "\n").contains { $0.contains("locked-key") && $0.contains("locked ") }
            })
        try terminal.send("/", "locked", "Enter")
        try terminal.send("Enter")
        #expect(
            try terminal.waitFor { $0.contains("locked-key cannot be changed: locked by the system administrator") })
        #expect(try session.get("org.prefs.test", "locked-key") == "'set by the system'")
        // A key with choices opens a picker of them; the schema's summary and description are in the details.
        try terminal.send("/", "C-u", "clock", "Enter")
        #expect(try terminal.waitFor { $0.contains("Whether the clock shows 12 or 24 hours.") })
        try terminal.send("Enter")
        #expect(try terminal.waitFor { $0.contains("12h") && $0.contains("24h") && $0.contains("┌") })
        try terminal.send("Up", "Enter")
        #expect(try terminal.waitFor { _ in (try? session.get("org.prefs.test", "clock-format")) == "'12h'" })
        // Another program's write reaches the editor live.
        try session.gsettings("set", "org.prefs.test", "clock-format", "'24h'")
        let live = try terminal.waitFor {
            $0.contains("Stored        24h") && $0.contains("24h by") && $0.contains("unknown writer")
        }
        let screen = try terminal.capture()
        #expect(live, "\(screen)")
    }
}
