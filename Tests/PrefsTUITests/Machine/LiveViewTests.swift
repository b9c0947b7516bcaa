import Foundation
import PrefsTestHelpers
import Testing

/// Other processes' changes as the editor shows them: the selection never moves to another key, and the change log
/// says what each value was.
@Suite struct LiveViewTests {
    @Test func aKeyInsertedOrRemovedAboveTheSelectionLeavesItOnItsKey() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "notes", "c", "3")
        try prefs.run("write", "notes", "d", "4")
        let editor = prefs.editor("tui", "notes", width: 140)
        #expect(editor.waitFor { $0.contains("2/2") || $0.contains("1/2") })
        editor.type(.character("j"))
        #expect(editor.waitFor { $0.contains("2/2") && $0.contains("Key           d") }, "\(editor.screen)")
        // Another process adds two keys above the selection, then removes one: the selection follows `d`.
        try prefs.run("write", "notes", "a", "1")
        try prefs.run("write", "notes", "b", "2")
        #expect(editor.waitFor { $0.contains("4/4") && $0.contains("Key           d") }, "\(editor.screen)")
        try prefs.run("delete", "notes", "a")
        #expect(editor.waitFor { $0.contains("3/3") && $0.contains("Key           d") }, "\(editor.screen)")
        // `d d` now deletes `d`, the key the user sees selected, and no other.
        editor.type("dd")
        #expect(editor.waitFor { $0.contains("2/2") && !$0.contains("Key           d") }, "\(editor.screen)")
        #expect(try prefs.run("read", "notes").output == "b = 2\nc = 3\n")
        editor.type("qq")
        #expect(editor.waitUntilEnded()?.status == 0)
    }

    @Test func theChangeLogSaysWhatEachValueWasWhereTheLineHasRoom() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "notes", "theme", "dark")
        let editor = prefs.editor("tui", "notes", width: 140)
        #expect(editor.waitFor { $0.contains("theme") && $0.contains("dark") })
        // Another process's writes: the change log lists only those.
        try prefs.spawn(["write", "notes", "theme", "light"])
        try prefs.spawn(["write", "notes", "added", "1"])
        try prefs.spawn(["delete", "notes", "theme"])
        editor.type("w")
        #expect(
            editor.waitFor { screen in
                let lines = screen.split(separator: "\n")
                return lines.contains { $0.contains("notes theme = light  (was dark)") }
                    && lines.contains { $0.contains("notes added = 1  (was not set)") }
                    && lines.contains { $0.contains("notes theme removed  (was light)") }
            }, "\(editor.screen)")
        editor.type("qqq")
        #expect(editor.waitUntilEnded()?.status == 0)
    }
}

/// `y` and `Y` put a value, or where a key is, on the terminal's clipboard; a hidden secret is not copied.
@Suite struct CopyTests {
    @Test func aValueAndAKeysPathAreCopiedAndAHiddenSecretIsNot() throws {
        let prefs = try InProcessPrefs()
        try prefs.installSchema(SchemaFixtures.secret)
        try prefs.run("write", "app", "token", "s3cret")
        try prefs.run("write", "app", "user", "ada lovelace")
        let editor = prefs.editor("tui", "app", width: 140)
        #expect(editor.waitFor { $0.contains("token") && $0.contains("user") })
        editor.type("/user")
        editor.type(.key(.enter), .character("y"), .character("Y"))
        #expect(editor.waitFor { $0.contains("copied app user") })
        #expect(editor.terminal.copied == ["ada lovelace", "app user"])
        editor.type(.character("/"), .control("u"))
        editor.type("token")
        editor.type(.key(.enter), .character("y"))
        #expect(editor.waitFor { $0.contains("token is secret: v reveals it, then y copies it") })
        #expect(editor.terminal.copied.count == 2, "the hidden secret was not copied")
        editor.type("vy")
        #expect(
            editor.waitFor { _ in editor.terminal.copied.last == "s3cret" },
            "\(editor.screen) \(editor.terminal.copied)")
        editor.type("qq")
        #expect(editor.waitUntilEnded()?.status == 0)
    }
}

/// While no key waits, the loop reads the suites ahead of `/`, one a step, so that its first keystroke costs what the
/// others do; what it finds is what a search that read them itself finds.
@Suite struct SearchAheadTests {
    @Test func everySuiteIsReadOneAStepAndTheSearchFindsTheSame() throws {
        let ahead = try EditorFixture()
        var steps = 0
        while ahead.editor.model.prepareSearchStep() { steps += 1 }
        #expect(steps == ahead.editor.model.data.suiteNames().count)
        #expect(!ahead.editor.model.prepareSearchStep(), "nothing is read twice")
        let cold = try EditorFixture()
        for fixture in [ahead, cold] {
            fixture.type(.character("/"))
            fixture.editor.step("there".map { .character($0) })
        }
        #expect(Array(ahead.editor.model.rows.searchMatches) == Array(cold.editor.model.rows.searchMatches))
        #expect(!ahead.editor.model.rows.searchMatches.isEmpty)
    }
}

/// `J` shows the suite whole as JSON, as `prefs export --format json` writes it: a secret left out, and named.
@Suite struct SuiteJSONTests {
    @Test func theSuiteShowsAsItsExportWithItsSecretsNamedNotShown() throws {
        let prefs = try InProcessPrefs()
        try prefs.installSchema(SchemaFixtures.secret)
        try prefs.run("write", "app", "token", "s3cret")
        try prefs.run("write", "app", "user", "ada")
        let export = try prefs.run("export", "--format", "json", "app")
        let editor = prefs.editor("tui", "app", width: 120)
        #expect(editor.waitFor { $0.contains("user") })
        editor.type("J")
        #expect(
            editor.waitFor { screen in
                screen.contains("suites › app › JSON") && screen.contains("\"user\" : \"ada\"")
                    && screen.contains("left out, secret: token") && !screen.contains("s3cret")
            }, "\(editor.screen)")
        // The same document `prefs export` writes, line for line.
        for line in export.output.split(separator: "\n") { #expect(editor.screen.contains(line), "\(line)") }
        editor.type(.key(.escape))
        #expect(editor.waitFor { $0.contains("suites › app") && !$0.contains("JSON") })
        editor.type("qq")
        #expect(editor.waitUntilEnded()?.status == 0)
    }
}
