import Foundation
import PrefsGSettings
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

extension GSettingsInSession {
    /// dconf's paths that no schema describes, and relocatable schemas' instances, as dconf-editor shows them: run
    /// in-process in the child's private session, beside dconf's and GLib's own tools.
    @Suite struct DconfPathTests {
        @Test func aDirectoryNoSchemaDescribesIsASuiteTypedByItsGVariants() throws {
            let session = try GSettingsChildSession()
            try session.dconf("write", "/org/nu/custom/count", "1")
            try session.dconf("write", "/org/nu/custom/deep/pair", "(1, 'a')")
            // A key the schema of its directory does not declare is the directory's; declared ones are the schema's.
            try session.dconf("write", "/org/prefs/test/stray", "true")
            let suites = try session.prefs("suites").lines
            for directory in ["/org/nu/custom/", "/org/nu/custom/deep/", "/org/prefs/test/"] {
                #expect(suites.contains(directory), "\(suites)")
            }
            // A directory only the system database fills is listed once the user sets a key there, as a schema is.
            #expect(!suites.contains("/org/prefs/free/"), "\(suites)")
            #expect(try session.prefs("read", "/org/prefs/test/").lines == ["stray = true"])
            #expect(try session.prefs("read-type", "/org/nu/custom/", "count").output == "int (GVariant i)\n")
            #expect(try session.prefs("read", "/org/nu/custom/deep/", "pair").output == "(1, 'a')\n")

            // A write keeps the type stored; a new key takes its value's; --type gvariant gives any type.
            #expect(try session.prefs("write", "/org/nu/custom/", "count", "7").status == 0)
            #expect(try session.dconf("read", "/org/nu/custom/count").standardOutput == "7\n")
            let refused = try session.prefs("write", "/org/nu/custom/", "count", "seven")
            #expect(refused.status == 1)
            #expect(try session.dconf("read", "/org/nu/custom/count").standardOutput == "7\n")
            try session.prefs("write", "/org/nu/custom/", "name", "ada")
            #expect(try session.dconf("read", "/org/nu/custom/name").standardOutput == "'ada'\n")
            try session.prefs("write", "--type", "gvariant", "/org/nu/custom/", "size", "uint32 5")
            #expect(try session.dconf("read", "/org/nu/custom/size").standardOutput == "uint32 5\n")
            try session.prefs("write", "/org/nu/custom/", "size", "6")
            #expect(try session.dconf("read", "/org/nu/custom/size").standardOutput == "uint32 6\n")
            let bad = try session.prefs("write", "--type", "gvariant", "/org/nu/custom/", "bad", "(1,")
            #expect(bad.status == 1)
            #expect(bad.error.contains("is not GVariant text"), "\(bad.error)")

            // A declared key is written through its schema, which checks it.
            let declared = try session.prefs("write", "/org/prefs/test/", "volume", "500")
            #expect(declared.status == 1)
            #expect(declared.error.contains("belongs to schema \"org.prefs.test\""), "\(declared.error)")
            #expect(try session.get("org.prefs.test", "volume") == "50")

            // Deleted, found, and its history kept.
            #expect(try session.prefs("delete", "/org/nu/custom/", "name").status == 0)
            #expect(try session.dconf("read", "/org/nu/custom/name").standardOutput == "")
            let found = try session.prefs("find", "size").output
            #expect(found.contains("/org/nu/custom/ size = 6"), "\(found)")
            let log = try session.prefs("log", "/org/nu/custom/").lines
            #expect(log.contains { $0.contains("name: ada -> (unset)") }, "\(log)")
        }

        @Test func theSystemDatabasesValuesAndLocksOfADirectoryAreLayersAndLocks() throws {
            let session = try GSettingsChildSession()
            let read = try session.prefs("read", "/org/prefs/free/").lines
            #expect(read.contains("fixed [locked] = by the system"), "\(read)")
            #expect(read.contains("system-only [system] = 3"), "\(read)")
            let locked = try session.prefs("write", "/org/prefs/free/", "fixed", "mine")
            #expect(locked.status == 1)
            #expect(locked.error.contains("locked by the system administrator"), "\(locked.error)")
            // A key a system database sets keeps its type when the user writes it.
            try session.prefs("write", "/org/prefs/free/", "system-only", "4")
            #expect(try session.dconf("read", "/org/prefs/free/system-only").standardOutput == "uint32 4\n")
        }

        @Test(.timeLimit(.minutes(5))) func watchFollowsADirectoryAndOneKeyOfIt() throws {
            let session = try GSettingsChildSession()
            let watch = session.watch("watch", "/org/nu/live/", "seen")
            defer { watch.kill() }
            var attempt = 0
            // Until one arrives named by the process that called dconf, which the watch's monitor of the bus hears.
            let named = { (line: String) in line.contains("seen =") && line.contains("(dconf pid ") }
            while !watch.output.contains(where: named), attempt < 100 {
                attempt += 1
                try session.dconf("write", "/org/nu/live/other", "\(attempt)")
                try session.dconf("write", "/org/nu/live/seen", "\(attempt)")
                _ = watch.waitForLine(timeout: .milliseconds(200), where: named)
            }
            #expect(watch.output.contains { $0.contains("/org/nu/live/ seen = \(attempt) (dconf pid ") })
            try session.prefs("write", "/org/nu/live/", "seen", "100")
            #expect(watch.waitForLine { $0.contains("/org/nu/live/ seen = 100 (\(InProcessPrefs.writer())") })
            try session.dconf("reset", "-f", "/org/nu/live/")
            // A directory reset whole names its caller too: the changeset's path ends in `/`.
            #expect(watch.waitForLine { $0.contains("/org/nu/live/ seen removed (dconf pid ") }, "\(watch.output)")
            #expect(!watch.output.contains { $0.contains(" other ") }, "\(watch.output)")
        }

        /// A store-wide watch hears a dconf directory made after it started, every key of it, as dconf-editor does.
        @Test(.timeLimit(.minutes(5))) func aStoreWideWatchHearsADirectoryMadeAfterItStarted() throws {
            let session = try GSettingsChildSession()
            try session.dconf("write", "/org/nu/before/k", "0")
            let watch = session.watch("watch")
            defer { watch.kill() }
            var attempt = 0
            while !watch.output.contains(where: { $0.contains("/org/nu/before/ k = ") }), attempt < 100 {
                attempt += 1
                try session.dconf("write", "/org/nu/before/k", "\(attempt)")
                _ = watch.waitForLine(timeout: .milliseconds(200)) { $0.contains("/org/nu/before/ k = ") }
            }
            try session.dconf("write", "/org/nu/made/later/first", "'one'")
            #expect(watch.waitForLine { $0.contains("/org/nu/made/later/ first = one") }, "\(watch.output)")
            try session.dconf("write", "/org/nu/made/later/second", "2")
            #expect(watch.waitForLine { $0.contains("/org/nu/made/later/ second = 2") }, "\(watch.output)")
            #expect(watch.output.filter { $0.contains("/org/nu/made/later/ first") }.count == 1, "told once")
        }

        @Test func relocatableInstancesAreSuitesFromListsPairingsAndTheUsersMappings() throws {
            let session = try GSettingsChildSession()
            // A list key of the parent schema names an instance with no key set; a directory dconf-editor's pairing
            // describes is another.
            try session.gsettings("set", "org.gnome.desktop.app-folders", "folder-children", "['Utilities']")
            try session.dconf("write", "/org/gnome/desktop/app-folders/folders/Games/name", "'Play'")
            let folder = "org.gnome.desktop.app-folders.folder"
            let suites = try session.prefs("suites").lines
            #expect(suites.contains("\(folder):/org/gnome/desktop/app-folders/folders/Utilities/"), "\(suites)")
            #expect(suites.contains("\(folder):/org/gnome/desktop/app-folders/folders/Games/"), "\(suites)")
            // Its keys are the schema's, so its directory is no suite of its own.
            #expect(!suites.contains("/org/gnome/desktop/app-folders/folders/Games/"), "\(suites)")
            let found = try session.prefs("find", "Play").output
            #expect(found.contains("\(folder):/org/gnome/desktop/app-folders/folders/Games/ name = Play"), "\(found)")

            // A path only the user knows, mapped once.
            try session.dconf("write", "/org/nu/folders/work/name", "'Work'")
            let map = try session.prefs("schema", "map", "/org/nu/folders//", folder)
            #expect(map.status == 0, "\(map.error)")
            #expect(try session.prefs("suites").lines.contains("\(folder):/org/nu/folders/work/"))
            #expect(try session.prefs("read", "\(folder):/org/nu/folders/work/", "name").output == "Work\n")
            let fixed = try session.prefs("schema", "map", "/org/nu/x/", "org.prefs.test")
            #expect(fixed.status == 1)
            #expect(fixed.error.contains("only a relocatable schema"), "\(fixed.error)")
            #expect(try session.prefs("schema", "unmap", "/org/nu/folders//").status == 0)
            #expect(try session.prefs("suites").lines.contains("/org/nu/folders/work/"))
        }

        /// A fixed schema's directory is that schema's: no mapping retypes it.
        ///
        /// A mappings file gone wrong stops only what it pairs, and every line left out is said.
        @Test func mappingsNeverRetypeAFixedSchemaAndAWrongFileIsSaid() throws {
            let session = try GSettingsChildSession()
            let folder = "org.gnome.desktop.app-folders.folder"
            for path in ["/org/gnome/desktop/interface/", "/org/gnome/desktop//"] {
                let refused = try session.prefs("schema", "map", path, folder)
                #expect(refused.status == 1)
                #expect(refused.error.contains("belongs to schema"), "\(refused.error)")
            }
            let file = session.home.url.appendingPathComponent("data/prefs/gsettings-schema-map")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("garbage\n/org/nu/folders//\t\(folder)\n".utf8).write(to: file)
            let listed = try session.spawned("suites")
            #expect(listed.status == 0)
            #expect(listed.error.contains("warning: line 1 of "), "\(listed.error)")
            try Data(repeating: UInt8(ascii: "a"), count: (1 << 20) + 1).write(to: file)
            let read = try session.spawned("read", "org.gnome.desktop.interface", "clock-format")
            #expect(read.status == 0 && read.output == "24h\n", "\(read.error)")
            #expect(
                read.error.contains("larger than 1 MiB; relocatable instances it pairs are left out"), "\(read.error)")
        }
    }
}
