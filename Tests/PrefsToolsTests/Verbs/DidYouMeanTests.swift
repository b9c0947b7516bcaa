import PrefsTestHelpers
import Testing

@testable import PrefsTools

/// A mistyped command, suite or key is named beside the nearest ones, in one line, and nothing runs.
@Suite struct DidYouMeanTests {
    @Test func aMistypedCommandNamesTheNearestAndWritesNothing() throws {
        let prefs = try InProcessPrefs()
        let swapped = try prefs.run("raed", "S")
        #expect(swapped.status == 64)
        #expect(swapped.error == "prefs: unknown command \"raed\"; did you mean \"read\"?\n")
        #expect(swapped.output.isEmpty)
        // Before the command or after it, the store's options change nothing of it.
        let moved = try prefs.run("--config-dir", prefs.configDirectory.path, "exprot", "S")
        #expect(moved.error == "prefs: unknown command \"exprot\"; did you mean \"export\"?\n")
        let far = try prefs.run("xyzzy", "S", "k", "v")
        #expect(far.status == 64)
        #expect(far.error == "prefs: unknown command \"xyzzy\"; prefs --help lists the commands\n")
        #expect(try prefs.run("suites").output.isEmpty, "nothing was written")
        let json = try prefs.run("--json", "raed", "S")
        #expect(
            json.error
                == #"{"code":"usage","message":"unknown command \"raed\"; did you mean \"read\"?","status":64}"# + "\n")
    }

    /// A suite or key that does not exist is named beside the nearest the store holds or has a schema for.
    @Test func aMissingSuiteOrKeyNamesTheNearest() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "com.nu.term", "theme", "dark")
        let read = try prefs.run("read", "com.nu.trem", "theme")
        #expect(read.status == 1)
        #expect(read.error.hasSuffix("; did you mean \"com.nu.term\"?\n"), "\(read.error)")
        let key = try prefs.run("read", "com.nu.term", "thme")
        #expect(key.error == "prefs: unknown key \"thme\" in suite \"com.nu.term\"; did you mean \"theme\"?\n")
        let far = try prefs.run("export", "org.other")
        #expect(far.error.hasPrefix("prefs: no suite \"org.other\" in "))
        #expect(!far.error.contains("did you mean"), "\(far.error)")
    }

    @Test func aTypedWordIsShownEscapedNeverAsTheTerminalWouldTakeIt() throws {
        let prefs = try InProcessPrefs()
        let hostile = try prefs.run("ra\u{1B}[2Jed")
        #expect(hostile.status == 64)
        #expect(!hostile.error.contains("\u{1B}"), "\(hostile.error)")
        #expect(hostile.error.hasPrefix("prefs: unknown command \"ra\\"), "\(hostile.error)")
    }

    @Test func nearnessCountsASwapOfNeighboursAsOneEditAndIgnoresCase() {
        #expect(NearestNames.distance(Array("raed"), Array("read")) == 1)
        #expect(NearestNames.distance(Array("kitten"), Array("sitting")) == 3)
        #expect(NearestNames.distance(Array(""), Array("abc")) == 3)
        #expect(NearestNames.nearest(to: "READ", among: ["read", "redo"]) == ["read"])
        // Ties keep the order given; a short word allows one edit, a longer one two.
        #expect(NearestNames.nearest(to: "rea", among: ["read", "redo", "reap"]) == ["read", "reap"])
        #expect(NearestNames.nearest(to: "scheam", among: ["schema", "suites"]) == ["schema"])
        #expect(NearestNames.nearest(to: "read", among: ["read", "redo"]).isEmpty, "a name typed right")
        #expect(NearestNames.question(for: "rdo", among: ["redo", "undo", "rd"]) == "did you mean \"redo\" or \"rd\"?")
        #expect(NearestNames.nearest(to: String(repeating: "a", count: 10_000), among: ["a"]).isEmpty)
    }
}
