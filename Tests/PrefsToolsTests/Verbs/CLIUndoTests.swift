import Foundation
import PrefsTestHelpers
import Testing

/// `prefs undo` and `prefs redo` over the whole history: groups, steps, times, redo, and refusals.
@Suite(.threadOfItsOwn) struct CLIUndoTests {
    @Test func undoRevertsWholeWritesAndGoesFurtherBackEachTime() throws {
        let cli = try InProcessPrefs()
        for (key, value) in [("a", "1"), ("b", "2"), ("c", "3")] { try cli.run("write", "S", key, value) }
        #expect(try cli.run("delete", "S", "--all", "--force").status == 0)
        let first = try cli.run("undo", "S")
        #expect(first.status == 0)
        #expect(first.lines == ["a: (unset) -> 1", "b: (unset) -> 2", "c: (unset) -> 3"])
        #expect(try cli.run("read", "S").lines == ["a = 1", "b = 2", "c = 3"])
        // The second undo goes on to the write before the delete; it does not delete again.
        #expect(try cli.run("undo", "S").lines == ["c: 3 -> (unset)"])
        #expect(try cli.run("read", "S").lines == ["a = 1", "b = 2"])
        #expect(try cli.run("redo", "S").lines == ["c: (unset) -> 3"])
        #expect(try cli.run("redo", "S").lines == ["a: 1 -> (unset)", "b: 2 -> (unset)", "c: 3 -> (unset)"])
        let nothing = try cli.run("redo", "S")
        #expect(nothing.status == 1)
        #expect(nothing.error == "prefs: nothing to redo in suite \"S\": nothing was undone since its last write\n")
    }

    @Test func aMultiKeyImportIsOneWriteToUndo() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "S", "keep", "k")
        let document = #"{"x": 1, "y": 2, "z": 3}"#
        #expect(try cli.run("import", "S", "-", input: Data(document.utf8)).status == 0)
        #expect(try cli.run("undo", "S").lines.count == 3)
        #expect(try cli.run("read", "S").lines == ["keep = k"])
    }

    @Test func stepsAndTimesGoSeveralWritesBackAndRedoTakesThemOneByOne() throws {
        let cli = try InProcessPrefs()
        for value in ["1", "2", "3", "4"] { try cli.run("write", "S", "n", value, "-t", "int") }
        let undone = try cli.run("undo", "S", "--steps", "2", "--json")
        #expect(undone.status == 0)
        let steps = try JSONSerialization.jsonObject(with: Data(undone.output.utf8)) as? [[String: Any]]
        #expect(steps?.count == 2)
        #expect(try cli.run("read", "S", "n").output == "2\n")
        #expect(try cli.run("redo", "S").output == "n: 2 -> 3\n")
        // Back to how the suite was just after the first write: its time from the log.
        let log = try cli.run("log", "S", "--json", "--utc").lines
        let record = try #require(try JSONSerialization.jsonObject(with: Data(log[0].utf8)) as? [String: Any])
        let time = try #require(record["time"] as? String)
        #expect(try cli.run("undo", "S", "--to", time).status == 0)
        #expect(try cli.run("read", "S", "n").output == "1\n")
        let tooMany = try cli.run("undo", "S", "--steps", "5")
        #expect(tooMany.status == 1)
        #expect(tooMany.error == "prefs: suite \"S\" has 1 write(s) to undo, not 5; nothing was done\n")
        let badTime = try cli.run("undo", "S", "--to", "yesterday")
        #expect(badTime.status == 64)
        #expect(badTime.error.hasPrefix("prefs: \"yesterday\" is not a time"))
    }

    /// Another program's change, made while no watcher ran, is found when the history is read, and is a step of it:
    /// undo takes it back first, as the editor's `u` does one a watcher saw.
    @Test func aForeignChangeMadeUnseenIsAStepOfTheHistory() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "S", "theme", "dark")
        try cli.run("write", "S", "size", "1")
        // A plain UserDefaults program changes the older write's key behind the journal's back.
        let helper = try ChildProcess.run(
            "prefs-test-helper", ["ud-write", cli.suiteFile("S").deletingPathExtension().path, "theme", "1"],
            environment: cli.environment)
        #expect(helper.status == 0, "\(helper.standardError)")
        let undone = try cli.run("undo", "S", "--steps", "2")
        #expect(undone.status == 0, "\(undone.error)")
        #expect(undone.output == "theme: 1 -> dark\nsize: 1 -> (unset)\n", "\(undone.output)")
        #expect(try cli.run("read", "S").lines == ["theme = dark"])
        #expect(try cli.run("undo", "S").status == 0)
        #expect(try cli.run("read", "S").lines == [])
    }
}
