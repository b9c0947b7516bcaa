import Foundation
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

    static let manifest = """
        {"format": "prefs-schema", "version": 1, "suite": "com.nu.term", "keys": [
          {"id": "theme", "type": "String", "kind": "string", "storage": "string", "optional": false,
           "debug": false, "default": "light", "choices": ["light", "dark", "nord"]}
        ]}
        """

    private func withSchema() throws -> InProcessPrefs {
        let prefs = try InProcessPrefs()
        try prefs.installSchema(Self.manifest)
        return prefs
    }

    /// A choice, a declared key and a kind of store are named beside the nearest; nothing is written.
    @Test func aMistypedChoiceKeyOrStoreKindNamesTheNearest() throws {
        let prefs = try withSchema()
        let choice = try prefs.run("write", "com.nu.term", "theme", "drak")
        #expect(choice.status == 1)
        #expect(choice.error.hasSuffix(#"is not one of "light", "dark", "nord"; did you mean "dark"?"# + "\n"))
        let key = try prefs.run("write", "com.nu.term", "thme", "dark")
        #expect(
            key.error == #"prefs: key "thme" is not in the schema of suite "com.nu.term"; did you mean "theme"? "#
                + "use --force to write it anyway\n")
        let kind = try prefs.run("--store", "gsetings", "read", "x")
        #expect(kind.status == 64)
        #expect(
            kind.error
                == #"prefs: unknown store "gsetings"; did you mean "gsettings"? (--store takes files, gsettings, "#
                + "kconfig, xfconf, flatpak or a postgres:// URL)\n")
        #expect(try prefs.run("read", "com.nu.term", "theme").output == "light\n", "nothing was written")
    }

    /// A write that creates a suite one or two edits from a schema'd suite goes through and says so in one line.
    @Test func creatingASuiteNearASchemasSaysSo() throws {
        let prefs = try withSchema()
        let near = try prefs.run("write", "com.nu.trem", "theme", "nord")
        #expect(near.status == 0)
        #expect(near.error == #"created suite "com.nu.trem"; did you mean "com.nu.term"?"# + "\n")
        #expect(try prefs.run("read", "com.nu.trem", "theme").output == "nord\n", "the write went through")
        #expect(try prefs.run("write", "com.nu.trem", "theme", "dark").error.isEmpty, "once, as it is created")
        #expect(try prefs.run("write", "com.nu", "x", "1").error.isEmpty, "a prefix is not a typo")
        #expect(try prefs.run("write", "org.elsewhere", "x", "1").error.isEmpty)
        #expect(try prefs.run("write", "com.nu.term", "theme", "dark").error.isEmpty, "the schema'd suite itself")
    }

    /// `prefs tui` on a suite that does not exist shows the suites, the nearest selected, and says so.
    @Test func theEditorOnAMissingSuiteOffersTheNearest() throws {
        let prefs = try withSchema()
        try prefs.run("write", "com.nu.term", "theme", "dark")
        let editor = prefs.editor("tui", "com.nu.tern")
        #expect(editor.waitFor { $0.contains(#"no suite "com.nu.tern"; did you mean "com.nu.term"? Enter opens it"#) })
        editor.type(.key(.enter))
        #expect(editor.waitFor { $0.contains("theme") && $0.contains("dark") }, "\(editor.screen)")
        editor.type("qq")
        #expect(editor.waitUntilEnded()?.status == 0)
        #expect(try prefs.run("suites").output == "com.nu.term\n", "no suite was created")
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
        // Failing names within a few edits, the names a word starts, as a search ranks a prefix.
        #expect(NearestNames.nearest(to: "str", among: ["int", "string"]) == ["string"])
        #expect(NearestNames.nearest(to: "str", among: ["int", "string"], byPrefix: false).isEmpty)
    }
}
