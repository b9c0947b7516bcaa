import Foundation
import PrefsTestHelpers
import Testing

extension GSettingsInSession {
    /// The editor on GNOME's settings, run in-process as `prefs --store gsettings tui` runs it, on a terminal in
    /// memory, inside the child's private session.
    @Suite struct EditorTests {
        @Test(.timeLimit(.minutes(5))) func theStoreAloneOnATerminalOpensTheEditorOnItsSuites() throws {
            let session = try GSettingsChildSession()
            try session.dconf("write", "/org/nu/alone/count", "1")
            // `prefs --store gsettings`, nothing else, as a user types it on a terminal.
            let editor = session.editor()
            #expect(
                editor.waitFor { $0.contains("GSettings (dconf)") && $0.contains("/org/nu/alone/") }, "\(editor.screen)"
            )
            editor.type("q")
            #expect(editor.waitUntilEnded()?.status == 0)
        }

        /// A dconf directory another program makes while the editor runs joins the suites at once, no reload asked,
        /// named by the program that made it.
        @Test(.timeLimit(.minutes(5))) func aDirectoryMadeWhileTheEditorRunsJoinsTheSuitesAtOnce() throws {
            let session = try GSettingsChildSession()
            try session.dconf("write", "/org/nu/before/count", "1")
            let editor = session.editor()
            #expect(editor.waitFor { $0.contains("/org/nu/before/") }, "\(editor.screen)")
            try session.dconf("write", "/org/nu/during/count", "2")
            // Two directories under /org/nu/ now: the tree makes them a folder.
            #expect(
                editor.waitFor {
                    $0.split(separator: "\n").contains { $0.contains("/org/nu/") && $0.contains("2 suites") }
                },
                "\(editor.screen)")
            // The change log names the writer the bus told.
            editor.type("w")
            #expect(editor.waitFor { $0.contains("count = 2") && $0.contains("(dconf pid ") }, "\(editor.screen)")
            editor.type("qq")
            #expect(editor.waitUntilEnded()?.status == 0)
        }

        @Test(.timeLimit(.minutes(5))) func theEditorShowsTheSchemaOffersChoicesAndRefusesALockedKey() throws {
            let session = try GSettingsChildSession()
            let editor = session.editor("tui", "org.prefs.test")
            #expect(editor.waitFor { $0.contains("clock-format") && $0.contains("locked-key") })
            // The locked key's state says so, and editing it is refused with the reason.
            #expect(
                editor.waitFor {
                    $0.split(separator: "\n").contains { $0.contains("locked-key") && $0.contains("locked ") }
                })
            editor.type("/locked")
            editor.type(.key(.enter), .key(.enter))
            #expect(
                editor.waitFor { $0.contains("locked-key cannot be changed: locked by the system administrator") })
            #expect(try session.get("org.prefs.test", "locked-key") == "'set by the system'")
            // A key with choices opens a picker of them; the schema's summary and description are in the details.
            editor.type(.character("/"), .control("u"))
            editor.type("clock")
            editor.type(.key(.enter))
            #expect(editor.waitFor { $0.contains("Whether the clock shows 12 or 24 hours.") })
            editor.type(.key(.enter))
            #expect(editor.waitFor { $0.contains("12h") && $0.contains("24h") && $0.contains("┌") })
            editor.type(.key(.up), .key(.enter))
            #expect(eventually { (try? session.get("org.prefs.test", "clock-format")) == "'12h'" })
            // Another program's write reaches the editor live.
            try session.gsettings("set", "org.prefs.test", "clock-format", "'24h'")
            #expect(editor.waitFor { $0.contains("Stored        24h") && $0.contains("24h by") }, "\(editor.screen)")
            // Named by the process that called dconf, which the store's monitor of the session bus heard.
            #expect(editor.waitFor { $0.contains("gsettings pid") }, "\(editor.screen)")
            editor.type("qq")
            #expect(editor.waitUntilEnded()?.status == 0)
        }
    }
}
