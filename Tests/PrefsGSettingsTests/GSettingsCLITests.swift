import Foundation
import PrefsTestHelpers
import Testing

extension GSettingsInSession {
    /// `prefs --store gsettings` against GLib's own `gsettings`, in the child's private D-Bus session with dconf-service:
    /// `prefs` runs in-process, so a test starts no process of it.
    @Suite struct CLITests {
        @Test func readPrintsWhatGSettingsHoldsAndStringsBare() throws {
            let session = try GSettingsChildSession()
            #expect(try session.prefs("read", "org.prefs.test", "clock-format").output == "24h\n")
            try session.gsettings("set", "org.prefs.test", "clock-format", "12h")
            #expect(try session.prefs("read", "org.prefs.test", "clock-format").output == "12h\n")
            #expect(try session.prefs("read", "--json", "org.prefs.test", "clock-format").output == "\"12h\"\n")
            // A desktop schema, from Debian's gsettings-desktop-schemas.
            #expect(try session.prefs("read", "org.gnome.desktop.interface", "clock-format").output == "24h\n")
        }

        @Test func writesReachGSettingsFaithfully() throws {
            let session = try GSettingsChildSession()
            let writes: [(key: String, value: String, gsettings: String)] = [
                ("clock-format", "12h", "'12h'"),
                ("volume", "42", "42"),
                ("scale", "1.5", "1.5"),
                ("enabled", "false", "false"),
                ("tags", #"["a","b"]"#, "['a', 'b']"),
                ("labels", #"{"k":"v"}"#, "{'k': 'v'}"),
                ("big", "18446744073709551615", "uint64 18446744073709551615"),
                ("short", "-3", "int16 -3"),
                ("blob", "aGk=", "[byte 0x68, 0x69]"),
                ("path", "/org/example", "objectpath '/org/example'"),
                ("position", "(3, -4)", "(3, -4)"),
                ("nickname", "just 'ada'", "@ms 'ada'"),
                ("numbered", "{1: 'one'}", "{1: 'one'}"),
            ]
            for write in writes {
                let result = try session.prefs("write", "org.prefs.test", write.key, write.value)
                #expect(result.status == 0, "\(write.key): \(result.error)")
                #expect(try session.get("org.prefs.test", write.key) == write.gsettings, "\(write.key)")
            }
            // What prefs reads back is what it wrote.
            #expect(try session.prefs("read", "org.prefs.test", "position").output == "(3, -4)\n")
            #expect(try session.prefs("read", "org.prefs.test", "big").output == "18446744073709551615\n")
        }

        @Test func anEntryOfADictionaryOfVariantsKeepsItsType() throws {
            let session = try GSettingsChildSession()
            try session.gsettings("set", "org.prefs.test", "extras", "{'n': <uint32 5>, 's': <int16 2>}")
            #expect(try session.prefs("read", "--json", "org.prefs.test", "extras").output == #"{"n":5,"s":2}"# + "\n")
            let result = try session.prefs("write", "org.prefs.test", "extras", #"{"n": 6, "s": 2, "new": true}"#)
            #expect(result.status == 0, "\(result.error)")
            #expect(try session.get("org.prefs.test", "extras") == "{'n': <uint32 6>, 'new': <true>, 's': <int16 2>}")
        }

        @Test func aValueTheSchemaRefusesIsAnErrorAndNothingIsWritten() throws {
            let session = try GSettingsChildSession()
            try session.gsettings("set", "org.prefs.test", "volume", "10")
            let refusals: [(key: String, value: String, says: String)] = [
                ("clock-format", "13h", "not one of"),
                ("volume", "101", "out of range"),
                ("small", "300", "does not fit type y"),
                ("mode", "blue", "not one of"),
                ("position", "(1, 'x')", "not GVariant text of type (ii)"),
                ("path", "not a path", "not a D-Bus object path"),
                ("features", #"["spell","typo"]"#, "flag the schema does not declare"),
            ]
            for refusal in refusals {
                let before = try session.get("org.prefs.test", refusal.key)
                let result = try session.prefs("write", "org.prefs.test", refusal.key, refusal.value)
                #expect(result.status != 0, "\(refusal.key)")
                #expect(result.error.contains(refusal.says), "\(refusal.key): \(result.error)")
                #expect(result.error.split(separator: "\n").count == 1, "\(refusal.key): \(result.error)")
                #expect(try session.get("org.prefs.test", refusal.key) == before, "\(refusal.key)")
            }
        }

        @Test func aLockedKeyIsRefusedAndReadsTheSystemValue() throws {
            let session = try GSettingsChildSession()
            #expect(try session.prefs("read", "org.prefs.test", "locked-key").output == "set by the system\n")
            let result = try session.prefs("write", "org.prefs.test", "locked-key", "mine")
            #expect(result.status != 0)
            #expect(result.error.contains("locked by the system administrator"))
            #expect(try session.get("org.prefs.test", "locked-key") == "'set by the system'")
            #expect(try session.gsettings("writable", "org.prefs.test", "locked-key").standardOutput == "false\n")
        }

        @Test func deleteResetsAKeyAndDeletingTheSuiteResetsTheSchemaUndoably() throws {
            let session = try GSettingsChildSession()
            try session.gsettings("set", "org.prefs.test", "volume", "10")
            try session.gsettings("set", "org.prefs.test", "name", "'ada'")
            #expect(try session.prefs("delete", "org.prefs.test", "volume").status == 0)
            #expect(try session.dconf("read", "/org/prefs/test/volume").standardOutput.isEmpty)
            #expect(try session.get("org.prefs.test", "volume") == "50")
            #expect(try session.prefs("delete", "org.prefs.test", "--all", "--force").status == 0)
            // Only the system database's key is left.
            #expect(try session.dconf("list", "/org/prefs/test/").standardOutput == "locked-key\n")
            // Deleting the suite whole is one write, which undo takes back; without --all as with it.
            #expect(try session.prefs("undo", "org.prefs.test").status == 0)
            #expect(try session.get("org.prefs.test", "name") == "'ada'")
            #expect(try session.prefs("delete", "org.prefs.test", "--force").status == 0)
            #expect(try session.dconf("list", "/org/prefs/test/").standardOutput == "locked-key\n")
            // Only the system's value is listed, marked so.
            #expect(try session.prefs("read", "org.prefs.test").output == "locked-key [locked] = set by the system\n")
        }

        @Test func aRelocatableSchemaOpensAtAPath() throws {
            let session = try GSettingsChildSession()
            let suite = "org.prefs.test.relocatable:/org/prefs/elsewhere/"
            #expect(try session.prefs("write", suite, "value", "here").status == 0)
            #expect(try session.get(suite, "value") == "'here'")
            #expect(try session.dconf("read", "/org/prefs/elsewhere/value").standardOutput == "'here'\n")
            let bare = try session.prefs("read", "org.prefs.test.relocatable", "value")
            #expect(bare.status != 0)
            #expect(bare.error.contains("relocatable: name it with a dconf path"))
        }

        @Test func anUnknownSchemaIsOneLineError() throws {
            let session = try GSettingsChildSession()
            let result = try session.prefs("read", "org.example.missing", "key")
            #expect(result.status != 0)
            #expect(result.error.hasPrefix("prefs: no GSettings schema \"org.example.missing\" is installed"))
            #expect(result.error.split(separator: "\n").count == 1)
        }
    }
}
