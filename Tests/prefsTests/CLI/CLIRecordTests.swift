import Foundation
import PrefsTestHelpers
import Testing

/// `prefs record` as a process of its own: ended by an interrupt, its script replayed by `sh` into an empty folder
/// gives the same suites, value by value and type by type, as Python's `plistlib` reads them.
@Suite(.threadOfItsOwn) struct CLIRecordTests {
    /// Every value of two folders' suites, with its type, as `plistlib` reads the files: an int is not a float, a
    /// bool not an int.
    private static func typedValues(of folder: URL) throws -> String {
        let program = """
            import plistlib, sys, os
            def typed(v):
                if isinstance(v, dict): return {k: typed(x) for k, x in sorted(v.items())}
                if isinstance(v, list): return [typed(x) for x in v]
                return [type(v).__name__, repr(v)]
            folder = sys.argv[1]
            out = {}
            for name in sorted(os.listdir(folder)):
                if name.endswith('.plist'):
                    with open(os.path.join(folder, name), 'rb') as f: out[name] = typed(plistlib.load(f))
            print(repr(out))
            """
        let run = try ChildProcess.run("/usr/bin/python3", ["-c", program, folder.path])
        #expect(run.status == 0, "\(run.standardError)")
        return run.standardOutput
    }

    @Test(.timeLimit(.minutes(5))) func anInterruptedRecordingReplaysBySHIntoAnEmptyFolderExactly() throws {
        let cli = try PrefsCLI()
        try cli.run("write", "app", "theme", "light")
        try cli.run("write", "mail", "old", "x")
        let script = cli.home.url.appendingPathComponent("session.sh")
        let recorder = try RunningChild(
            "prefs", ["record", "-o", script.path], environment: cli.environment, readingErrors: true)
        defer { recorder.kill() }
        #expect(recorder.waitForLine { $0.hasPrefix("recording every suite") })

        let hostile = #"it's $(touch pwned) `id` "q" \ x"#
        for arguments in [
            ["write", "app", "theme", "dark"], ["write", "app", hostile, "line one\nline two $(touch pwned)"],
            ["write", "app", "big", "-9223372036854775808", "--type", "int"],
            ["write", "app", "huge", "18446744073709551615", "--type", "int"],
            ["write", "app", "ratio", "0.1", "--type", "float"], ["write", "app", "whole", "2", "--type", "float"],
            ["write", "app", "on", "true", "--type", "bool"], ["write", "app", "one", "1", "--type", "int"],
            ["write", "app", "when", "2026-11-27T10:00:00Z", "--type", "date"],
            ["write", "app", "blob", "AAEC/w==", "--type", "data"],
            [
                "write", "app", "nested", "--type", "typed-json",
                #"{"dictionary":{"list":{"array":[{"int":1},{"double":1},{"bool":true},{"date":"2026-01-02T03:04:05Z"},{"data":"AA=="}]}}}"#,
            ],
            ["delete", "mail", "old"], ["write", "mail", "server", "imap.example.org"],
        ] {
            let written = try cli.run(arguments)
            #expect(written.status == 0, "\(arguments): \(written.error)")
        }
        kill(recorder.pid, SIGINT)
        #expect(recorder.wait() == 0, "\(recorder.output)")
        #expect(recorder.output.contains { $0.hasPrefix("recorded ") }, "\(recorder.output)")

        // Replayed by sh, with prefs on PATH, into a folder of its own.
        let replayed = cli.home.url.appendingPathComponent("replayed")
        let prefs = try ChildProcess.executable(named: "prefs").deletingLastPathComponent().path
        let environment = cli.environment.merging([
            "PATH": "\(prefs):/usr/bin:/bin", "XDG_CONFIG_HOME": replayed.path,
            "XDG_STATE_HOME": cli.home.url.appendingPathComponent("replayed-state").path,
        ]) { $1 }
        let run = try ChildProcess.run("/bin/sh", [script.path], environment: environment)
        let text = (try? String(contentsOf: script, encoding: .utf8)) ?? ""
        #expect(run.status == 0, "\(run.standardError)\n\(text)")
        #expect(!FileManager.default.fileExists(atPath: cli.home.url.appendingPathComponent("pwned").path))
        #expect(!FileManager.default.fileExists(atPath: "pwned"))

        // The recorded keys hold the same values and types; the keys changed before the recording began are not in
        // the script (theme's first value was replaced, old was removed).
        let original = try Self.typedValues(of: cli.configDirectory)
        let copy = try Self.typedValues(of: replayed)
        #expect(copy == original, "\(copy)\n\(original)")
        #expect(copy.contains("'float', '2.0'") && copy.contains("18446744073709551615"), "\(copy)")
        // Replaying again changes nothing, and a key the replay's store never held is deleted without an error.
        let again = try ChildProcess.run("/bin/sh", [script.path], environment: environment)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try Self.typedValues(of: replayed) == copy)
    }
}
