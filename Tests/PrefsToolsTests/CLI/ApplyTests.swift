import Foundation
import PrefsFileStore
import PrefsSystem
import PrefsTestHelpers
import Testing

/// `prefs apply`: a recording's script checked as `prefs write` checks, one write and one undo step per suite.
@Suite(.threadOfItsOwn) struct ApplyTests {
    /// A script as `prefs record` writes it, recorded from changes made in a scope of its own.
    private static func recorded(_ changes: (InProcessPrefs) throws -> Void) throws -> String {
        let source = try InProcessPrefs()
        try source.run("write", "app", "seed", "1")
        let recorder = source.watch("record")
        #expect(eventually(timeout: .seconds(60)) { recorder.error.contains("recording ") })
        try changes(source)
        recorder.kill()
        #expect(eventually(timeout: .seconds(60)) { recorder.hasEnded })
        return recorder.output.joined(separator: "\n") + "\n"
    }

    @Test func aRecordingAppliesAsOneUndoableWritePerSuiteAndTwiceChangesNothing() throws {
        let script = try Self.recorded { source in
            try source.run("write", "app", "theme", "dark")
            try source.run("write", "app", "size", "12", "--type", "int")
            try source.run(
                "write", "app", "list", #"{"array":[{"int":1},{"date":"2026-01-02T03:04:05Z"}]}"#, "--type",
                "typed-json")
            try source.run("write", "mail", "server", "imap.example.org")
        }
        let target = try InProcessPrefs()
        try target.run("write", "app", "theme", "light")
        let applied = try target.run("apply", "-", input: Data(script.utf8))
        #expect(applied.status == 0, "\(applied.error)\n\(script)")
        #expect(applied.error.contains("applied 4 change(s) to 2 suite(s)"), "\(applied.error)")
        #expect(try target.run("read", "app", "--json", "--types").output.contains(#""date" : "2026-01-02T03:04:05Z""#))
        #expect(try target.run("read", "app", "theme").output == "dark\n")
        #expect(
            try target.run("log", "app", "size").lines.last?.hasSuffix("by \(InProcessPrefs.writer("apply"))") == true)
        // Applied twice: nothing changes.
        let again = try target.run("apply", "-", input: Data(script.utf8))
        #expect(again.status == 0 && again.error.contains("nothing to apply"), "\(again.error)")
        // One undo takes the whole of app's back, and leaves mail's.
        #expect(try target.run("undo", "app").status == 0)
        #expect(try target.run("read", "app").output == "theme = light\n")
        #expect(try target.run("read", "mail", "server").output == "imap.example.org\n")
    }

    @Test(arguments: [
        "prefs write --type string -- 'app' 'k' 'v'; rm -rf /tmp/x",
        "prefs write --type string -- 'app' 'k' \"$(id)\"",
        "rm -rf /tmp/x",
        "prefs write --type string -- 'app' 'k' 'v' --force",
        "prefs write --type nonsense -- 'app' 'k' 'v'",
        "prefs write --type string -- 'app' 'k' 'unclosed",
    ])
    func aLineRecordDoesNotWriteIsRefusedByNumberAndNothingIsApplied(forged: String) throws {
        let target = try InProcessPrefs()
        let script = "#!/bin/sh\n# a header\nset -e\nprefs write --type string -- 'first' 'k' 'v'\n\(forged)\n"
        let refused = try target.run("apply", "-", input: Data(script.utf8))
        #expect(refused.status == 1)
        #expect(refused.error.hasPrefix("prefs: line 5 of the script: "), "\(refused.error)")
        #expect(refused.error.hasSuffix("; nothing was applied\n"), "\(refused.error)")
        #expect(try target.run("suites").output.isEmpty, "nothing was written, not even the valid first line")
    }

    /// A store that fails part-way through a script: the suites written, the one that failed and those not tried
    /// are named, and applying again finishes the script.
    @Test func anInterruptedApplyNamesTheSuitesWrittenAndNot() throws {
        let script = try Self.recorded { source in
            for suite in ["a", "b", "c"] { try source.run("write", suite, "k", "v-\(suite)") }
        }
        let target = try InProcessPrefs()
        let fault = SyscallFaults.shared.inject(
            .ioError, into: ["rename", "renameExchange"],
            atPathsStartingWith: target.configDirectory.appendingPathComponent("b.plist").path)
        let applied = try target.run("apply", "--yes", "-", input: Data(script.utf8))
        fault.cancel()
        #expect(applied.status == 1)
        #expect(applied.error.hasPrefix(#"prefs: 1 of 3 suites were written ("a"); suite "b": "#), "\(applied.error)")
        #expect(
            applied.error.hasSuffix(
                #"; not tried: "c"; apply the script again to finish it (what is written is left alone)"# + "\n"),
            "\(applied.error)")
        #expect(try target.run("read", "a", "k").output == "v-a\n")
        #expect(try target.run("read", "c", "k").status == 1, "c was not tried")
        let again = try target.run("apply", "--yes", "-", input: Data(script.utf8))
        #expect(again.status == 0, "\(again.error)")
        #expect(try target.run("read", "c", "k").output == "v-c\n")
    }

    @Test func aLockedKeyIsRefusedWithNothingWritten() throws {
        let target = try InProcessPrefs()
        try FileManager.default.createDirectory(at: target.systemDirectory, withIntermediateDirectories: true)
        try Data("theme\n".utf8).write(to: target.systemDirectory.appendingPathComponent("app.locks"))
        let script = """
            prefs write --type string -- 'mail' 'server' 'imap.example.org'
            prefs write --type string -- 'app' 'theme' 'dark'

            """
        let refused = try target.run("apply", "-", input: Data(script.utf8))
        #expect(refused.status == 1)
        #expect(refused.error.contains("theme"), "\(refused.error)")
        #expect(!FileManager.default.fileExists(atPath: target.suiteFile("mail").path), "mail's change is not written")
        #expect(!FileManager.default.fileExists(atPath: target.suiteFile("app").path))
    }

    @Test func dryRunPrintsAndOnATerminalItAsks() throws {
        let target = try InProcessPrefs()
        let script = Data("prefs write --type int -- 'app' 'size' '3'\nprefs delete --force -- 'app' 'gone'\n".utf8)
        let dry = target.run(["apply", "--dry-run", "-"], input: script)
        #expect(dry.lines == ["app size: (unset) -> 3"], "a key that is not there is not deleted again")
        #expect(dry.error.contains("--dry-run: nothing was applied"))
        let file = target.home.url.appendingPathComponent("session.sh")
        try script.write(to: file)
        let declined = target.run(["apply", file.path], input: Data("n\n".utf8), onATerminal: true)
        #expect(declined.status == 1)
        #expect(declined.error.contains("Apply these 1 change(s) to 1 suite(s)? [y/N]"), "\(declined.error)")
        #expect(try target.run("suites").output.isEmpty)
        let yes = target.run(["apply", "--yes", file.path], onATerminal: true)
        #expect(yes.status == 0 && !yes.error.contains("[y/N]"), "\(yes.error)")
        #expect(try target.run("read", "app", "size").output == "3\n")
    }
}
