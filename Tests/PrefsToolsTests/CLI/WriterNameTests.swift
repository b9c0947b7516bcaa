import Foundation
import PrefsKit
import PrefsTestHelpers
import Testing

/// Every journaled write names its writer as what it is: the command for `prefs`, `prefs tui` for the editor, an
/// app's process name or the name it declares.
@Suite(.threadOfItsOwn) struct WriterNameTests {
    @Test func everyCommandIsJournaledUnderItsName() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "app", "theme", "dark")
        try prefs.run("import", "app", "-", input: Data(#"{"size": 3}"#.utf8))
        try prefs.run("delete", "app", "theme")
        try prefs.run("undo", "app")
        try prefs.run("rename", "app", "size", "fontSize")
        let log = try prefs.run("log", "app").lines
        #expect(log.count == 6, "\(log)")
        let expected = [
            "theme: (unset) -> dark  by \(InProcessPrefs.writer("write"))",
            "size: (unset) -> 3  by \(InProcessPrefs.writer("import"))",
            "theme: dark -> (unset)  by \(InProcessPrefs.writer("delete"))",
            "theme: (unset) -> dark  by \(InProcessPrefs.writer("undo"))",
        ]
        for (line, suffix) in zip(log, expected) { #expect(line.hasSuffix(suffix), "\(line)") }
        #expect(log.suffix(2).allSatisfy { $0.hasSuffix("by \(InProcessPrefs.writer("rename"))") }, "\(log)")
        let json = try prefs.run("log", "app", "--json").lines
        let record = try #require(try JSONSerialization.jsonObject(with: Data(json[0].utf8)) as? [String: Any])
        #expect(record["process"] as? String == "prefs write")
        #expect(record["pid"] as? Int == Int(ProcessInfo.processInfo.processIdentifier))
    }

    @Test func anAppIsNamedByItsProcessOrTheNameItDeclares() throws {
        let prefs = try InProcessPrefs()
        let folder = prefs.configDirectory.path
        let plain = try ChildProcess.run(
            "prefs-test-helper", ["set", folder, "mail", "unread", "1"], environment: prefs.environment)
        #expect(plain.status == 0, "\(plain.standardError)")
        let declared = try ChildProcess.run(
            "prefs-test-helper", ["set", folder, "mail", "unread", "2"],
            environment: prefs.environment.merging(["PREFS_TEST_WRITER_NAME": "mail-sync"]) { $1 })
        #expect(declared.status == 0, "\(declared.standardError)")
        let log = try prefs.run("log", "mail").lines
        #expect(log.first?.hasSuffix("unread: (unset) -> 1  by prefs-test-helper pid \(plain.pid)") == true, "\(log)")
        #expect(log.last?.hasSuffix("unread: 1 -> 2  by mail-sync pid \(declared.pid)") == true, "\(log)")
    }

    @Test func aNameThatCouldForgeALineOrFloodATerminalIsRefused() {
        #expect(WriterName.isValid("mail-sync"))
        #expect(WriterName.isValid("Mail Sync ✉"))
        for bad in ["", "a\nb", "tab\there", "\u{1B}[31mred", String(repeating: "x", count: 65)] {
            #expect(!WriterName.isValid(bad), "\(bad.debugDescription)")
        }
        // A refused name leaves the name as it was.
        #expect(!WriterName.declare("two\nlines"))
        #expect(WriterName.declared == nil)
    }

    /// The editor, in-process as `prefs tui` runs it: its write is "this session" and journaled as `prefs tui`,
    /// until another process writes the key, which the row then names.
    @Test func theEditorSaysThisSessionOnlyWhileTheLastChangeIsItsOwn() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "S", "a", "1", "-t", "int")
        let editor = prefs.editor("tui", "S")
        let row = { (screen: String) in screen.split(separator: "\n").first { $0.contains(" a ") } ?? "" }
        #expect(editor.waitFor { row($0).contains("prefs write") }, "\(editor.screen)")
        editor.type("+")
        #expect(editor.waitFor { row($0).contains("this session") }, "\(editor.screen)")
        #expect(try prefs.run("log", "S", "a").lines.last?.hasSuffix("by \(InProcessPrefs.writer("tui"))") == true)
        let app = try ChildProcess.run(
            "prefs-test-helper", ["set", prefs.configDirectory.path, "S", "a", "50"], environment: prefs.environment)
        #expect(app.status == 0, "\(app.standardError)")
        #expect(editor.waitFor { row($0).contains("prefs-test") && !row($0).contains("this session") })
        editor.type("qq")
        #expect(editor.waitUntilEnded()?.status == 0)
    }
}
