import Foundation
import PrefsTestHelpers
import PrefsTools
import Testing

/// `prefs log` and `prefs undo`, over the journal the file store keeps.
@Suite(.threadOfItsOwn) struct CLIHistoryTests {
    /// Each write is named in the journal by its process's name and pid: here, this test process's.
    @Test func logSaysWhoChangedWhatAndWhen() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "app", "theme", "dark")
        try cli.run("write", "app", "theme", "black")
        try cli.run("write", "app", "other", "1")
        let lines = try cli.run("log", "app", "theme").lines
        #expect(lines.count == 2)
        #expect(lines[0].hasSuffix("theme: (unset) -> dark  by \(InProcessPrefs.writer())"), "\(lines[0])")
        #expect(lines[1].hasSuffix("theme: dark -> black  by \(InProcessPrefs.writer())"), "\(lines[1])")
        #expect(try cli.run("log", "app", "--limit", "1").lines.last?.contains("other: (unset) -> 1") == true)
        let json = try cli.run("log", "app", "theme", "--json").lines
        let record = try JSONSerialization.jsonObject(with: Data(json[1].utf8)) as? [String: Any]
        #expect(record?["old"] as? String == "dark")
        #expect(record?["new"] as? String == "black")
        #expect(record?["process"] as? String == "prefs write")
        #expect(record?["pid"] as? Int == Int(ProcessInfo.processInfo.processIdentifier))
        #expect(
            ISO8601DateFormatter().date(
                from: (record?["time"] as? String ?? "").replacingOccurrences(
                    of: #"\.\d+"#, with: "", options: .regularExpression)) != nil)
    }

    @Test func undoRevertsTheLastChangeUnlessItChangedAgain() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "app", "theme", "dark")
        try cli.run("write", "app", "theme", "black")
        let undone = try cli.run("undo", "app")
        #expect(undone.status == 0)
        #expect(undone.output == "theme: black -> dark\n")
        #expect(try cli.run("read", "app", "theme").output == "dark\n")
        // A plain UserDefaults program changes the key behind the journal's back.
        let helper = try ChildProcess.run(
            "prefs-test-helper", ["ud-write", cli.suiteFile("app").deletingPathExtension().path, "theme", "1"],
            environment: cli.environment)
        #expect(helper.status == 0, "\(helper.standardError)")
        // Unseen by any watcher, it is found when the history is read: its log ends at what the file holds, and undo
        // takes it back first.
        #expect(
            try cli.run("log", "app", "theme").lines.last?.hasSuffix("theme: dark -> 1  writer not recorded") == true)
        let undoneForeign = try cli.run("undo", "app")
        #expect(undoneForeign.status == 0)
        #expect(undoneForeign.output == "theme: 1 -> dark\n")
    }

}

/// `prefs undo` over several writes on a terminal: shown, then undone only on a yes; `--dry-run` and `--yes` there.
///
/// It runs in-process, told its streams are a terminal, as ``Output`` tells every command.
@Suite(.threadOfItsOwn, .serialized) struct CLIUndoPreviewTests {
    @Test func aBigUndoIsShownAndAskedAboutOnATerminal() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "S", "theme", "dark")
        try cli.run("write", "S", "size", "2", "--type", "int")
        try cli.run("write", "S", "theme", "black")
        let file = cli.suiteFile("S")
        let before = try Data(contentsOf: file)

        // Told it runs on a terminal (in-process, answers read line by line from its input), as in a shell.
        let dry = cli.run(["undo", "S", "--steps", "3", "--dry-run"], onATerminal: true)
        #expect(dry.status == 0)
        let shown = dry.output + dry.error
        #expect(shown.contains("theme: black -> dark") && shown.contains("theme: dark -> (unset)"), "\(shown)")
        #expect(shown.contains("--dry-run: nothing was undone") && !shown.contains("[y/N]"))
        #expect(try Data(contentsOf: file) == before)

        let refused = cli.run(["undo", "S", "--steps", "3"], input: Data("n\n".utf8), onATerminal: true)
        #expect(refused.error.contains("Undo these 3 writes of S? [y/N]"), "\(refused.error)")
        #expect((refused.output + refused.error).contains("size: 2 -> (unset)"))
        #expect(refused.status == 1 && refused.error.contains("nothing was undone: 3 writes of S stay"))
        #expect(try Data(contentsOf: file) == before)

        let yes = cli.run(["undo", "S", "--steps", "3", "--yes"], onATerminal: true)
        #expect(yes.status == 0 && !yes.error.contains("[y/N]"))
        #expect(try cli.run("read", "S").output.isEmpty)
    }
}
