import Foundation
import PrefsTestHelpers
import Testing

/// `prefs delete SUITE` removes the whole suite, as `defaults delete DOMAIN` does: its file goes (the version before
/// kept as the previous one), the journal records every key's removal, it leaves `suites`, and `prefs undo` brings it
/// back whole.
@Suite(.threadOfItsOwn) struct DeleteSuiteTests {
    private func filled() throws -> InProcessPrefs {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "app", "theme", "dark")
        try prefs.run("write", "app", "size", "12", "--type", "int")
        try prefs.run("write", "other", "k", "v")
        return prefs
    }

    private func previous(_ prefs: InProcessPrefs, _ suite: String) -> URL {
        prefs.configDirectory.appendingPathComponent(".\(suite).plist.previous")
    }

    @Test(arguments: [["delete", "app", "--force"], ["delete", "app", "--all", "--force"]])
    func deletingASuiteRemovesItsFileAndUndoBringsItBackWhole(command: [String]) throws {
        let prefs = try filled()
        let watch = prefs.watch("watch", "app")
        defer { watch.kill() }
        // The watch is running once a write made now reaches it.
        var seen = false
        for attempt in 1...40 where !seen {
            try prefs.run("write", "app", "theme", attempt.isMultiple(of: 2) ? "dark" : "light")
            seen = watch.waitForLine(timeout: .milliseconds(500)) { $0.contains("app theme = ") }
        }
        #expect(seen)
        try prefs.run("write", "app", "theme", "dark")
        let before = try prefs.run("read", "app", "--json", "--types").output
        let stored = try Data(contentsOf: prefs.suiteFile("app"))
        let deleted = prefs.run(command)
        #expect(deleted.status == 0, "\(deleted.error)")
        #expect(!FileManager.default.fileExists(atPath: prefs.suiteFile("app").path), "the file goes")
        #expect(try Data(contentsOf: previous(prefs, "app")) == stored, "the version before is kept")
        #expect(try prefs.run("suites").lines == ["other"])
        #expect(watch.waitForLine { $0.hasSuffix("app theme removed (\(InProcessPrefs.writer("delete")))") })
        let files = try FileManager.default.contentsOfDirectory(atPath: prefs.configDirectory.path)
        #expect(!files.contains(".app.plist.new"), "the staging file goes with the suite: \(files)")
        #expect(try prefs.run("read", "app").status == 1, "no suite any more")
        let log = try prefs.run("log", "app").lines
        #expect(log.contains { $0.contains("theme: dark -> (unset)") } && log.contains { $0.contains("size: 12 ->") })

        let undone = try prefs.run("undo", "app")
        #expect(undone.status == 0, "\(undone.error)")
        #expect(try prefs.run("read", "app", "--json", "--types").output == before)
        #expect(try prefs.run("suites").lines == ["app", "other"])
        #expect(try prefs.run("read", "other", "k").output == "v\n", "another suite is untouched")
    }

    @Test func deletingASuiteAsksOnATerminalAndRefusesUnaskedElsewhere() throws {
        let prefs = try filled()
        let unasked = try prefs.run("delete", "app")
        #expect(unasked.status == 1)
        #expect(unasked.error.contains("refusing to delete suite \"app\" unasked; use --force"), "\(unasked.error)")
        let no = prefs.run(["delete", "app"], input: Data("n\n".utf8), onATerminal: true)
        #expect(no.status == 1)
        #expect(try prefs.run("read", "app", "theme").output == "dark\n", "nothing deleted")
        let yes = prefs.run(["delete", "app"], input: Data("y\n".utf8), onATerminal: true)
        #expect(yes.status == 0, "\(yes.error)")
        #expect(yes.error.contains("Delete suite \"app\" and its 2 keys?"), "\(yes.error)")
        #expect(!FileManager.default.fileExists(atPath: prefs.suiteFile("app").path))
    }

    /// A suite left empty (by an older prefs, or by an app that removed its every key) is deleted too: it no longer
    /// stays listed as "0 keys".
    @Test func anEmptySuitesFileIsRemoved() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "app", "k", "v")
        try prefs.run("delete", "app", "k")
        #expect(FileManager.default.fileExists(atPath: prefs.suiteFile("app").path))
        #expect(try prefs.run("suites").lines == ["app"])
        #expect(try prefs.run("delete", "app", "--force").status == 0)
        #expect(try prefs.run("suites").lines.isEmpty)
        #expect(try prefs.run("delete", "app", "--force").status == 1, "a suite that is not there is said")
    }

    /// A suite with a schema stays listed, as schema-only suites are, once its file is gone.
    @Test func aDeletedSuiteWithASchemaReadsItsDefaults() throws {
        let prefs = try InProcessPrefs()
        try prefs.installSchema(
            #"""
            {"format": "prefs-schema", "version": 1, "suite": "app", "keys": [
              {"id": "theme", "type": "String", "kind": "string", "storage": "string", "optional": false,
               "debug": false, "default": "light"}]}
            """#)
        try prefs.run("write", "app", "theme", "dark")
        #expect(try prefs.run("delete", "app", "--force").status == 0)
        #expect(!FileManager.default.fileExists(atPath: prefs.suiteFile("app").path))
        #expect(try prefs.run("read", "app", "theme").output == "light\n")
        #expect(try prefs.run("undo", "app").status == 0)
        #expect(try prefs.run("read", "app", "theme").output == "dark\n")
    }
}
