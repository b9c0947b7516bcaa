import Foundation
import PrefsKit
import PrefsTestHelpers
import Testing

/// System layers and locks through `prefs`: the "System layers and locks" article's example run exactly as written,
/// with its two files in the test's `$XDG_CONFIG_DIRS` in place of `/etc/xdg`, and every verb that would touch a
/// locked key refused without writing.
@Suite(.threadOfItsOwn) struct CLISystemLayerTests {
    /// The article's fenced blocks, by their language: `xml`, `text` and `console`.
    static func blocks() throws -> [String: String] {
        let text = try ProjectFile.text("Sources/PrefsKit/PrefsKit.docc/LayersAndLocks.md")
        var blocks: [String: String] = [:]
        for fence in ProjectFile.fences(in: text) { blocks[fence.info] = fence.body }
        return blocks
    }

    /// A CLI whose system folder holds the README's two files, their first comment line (the path) left out.
    private func installed() throws -> (InProcessPrefs, [String: String]) {
        let cli = try InProcessPrefs()
        let blocks = try Self.blocks()
        try FileManager.default.createDirectory(at: cli.systemDirectory, withIntermediateDirectories: true)
        let plist = try #require(blocks["xml"]).split(separator: "\n").dropFirst().joined(separator: "\n")
        try Data(plist.utf8).write(to: cli.systemDirectory.appendingPathComponent("com.example.app.plist"))
        let locks = try #require(blocks["text"]).split(separator: "\n").dropFirst().joined(separator: "\n")
        try Data(locks.utf8).write(to: cli.systemDirectory.appendingPathComponent("com.example.app.locks"))
        return (cli, blocks)
    }

    @Test func theReadmeExampleRunsAsWrittenAndPrintsWhatItShows() throws {
        let (cli, blocks) = try installed()
        let steps = ProjectFile.commandLines(in: try #require(blocks["console"])).map { line in
            (
                command: line.command,
                sample: line.sample.map {
                    $0.replacingOccurrences(of: "/etc/xdg", with: cli.systemDirectory.path)
                }
            )
        }
        #expect(steps.count >= 8)
        let prefs = try ChildProcess.executable(named: "prefs")
        let environment = cli.environment.merging(["PATH": prefs.deletingLastPathComponent().path + ":/usr/bin:/bin"]) {
            $1
        }
        for step in steps {
            let result = try ChildProcess.run("/bin/sh", ["-c", step.command], environment: environment)
            let printed = (result.standardOutput + result.standardError).split(separator: "\n").map(String.init)
            #expect(printed == step.sample, "\(step.command)")
            #expect(result.status == (step.command.contains("proxy http://localhost") ? 1 : 0), "\(step.command)")
        }
        let user = try Data(contentsOf: cli.suiteFile("com.example.app"))
        #expect(try PropertyListSerialization.propertyList(from: user, format: nil) as? [String: String] == [:])
    }

    @Test func everyVerbThatWouldTouchALockedKeyIsRefusedWithLockedKeyAndWritesNothing() throws {
        let (cli, _) = try installed()
        try cli.run("write", "com.example.app", "theme", "light")
        let before = try Data(contentsOf: cli.suiteFile("com.example.app"))
        let document = cli.home.url.appendingPathComponent("import.json")
        try Data(#"{"proxy": "http://mine", "theme": "dark"}"#.utf8).write(to: document)
        for arguments in [
            ["write", "com.example.app", "proxy", "x"], ["delete", "com.example.app", "proxy"],
            ["rename", "com.example.app", "proxy", "proxy2"], ["rename", "com.example.app", "theme", "proxy"],
            ["import", "com.example.app", document.path], ["write", "com.example.app", "proxy", "-t", "int", "3"],
        ] {
            let result = cli.run(["--json"] + arguments)
            #expect(result.status == 1, "\(arguments)")
            let object = try JSONSerialization.jsonObject(with: Data(result.error.utf8)) as? [String: Any]
            #expect(object?["code"] as? String == "locked-key", "\(arguments): \(result.error)")
            #expect(
                (object?["message"] as? String)?.contains(cli.systemDirectory.path + "/com.example.app.locks") == true)
        }
        #expect(try Data(contentsOf: cli.suiteFile("com.example.app")) == before, "nothing was written")
    }

    @Test func describeNamesTheSourceAndAUserValueALockMakesReadsIgnore() throws {
        let (cli, _) = try installed()
        try cli.run("write", "com.example.app", "theme", "light")
        // Python's plistlib stands for a program that knows nothing of locks.
        let script =
            "import plistlib,sys; d=plistlib.load(open(sys.argv[1],'rb')); d['proxy']='sneaky'; "
            + "plistlib.dump(d, open(sys.argv[1],'wb'))"
        let file = cli.suiteFile("com.example.app").path
        #expect(try ChildProcess.run("/usr/bin/env", ["python3", "-c", script, file]).status == 0)
        #expect(try cli.run("read", "com.example.app", "proxy").output == "http://proxy.corp:3128\n")
        #expect(
            try cli.run("describe", "com.example.app", "proxy").lines == [
                "value: http://proxy.corp:3128",
                "source: locked by \(cli.systemDirectory.path)/com.example.app.locks",
                "ignored: the user's value sneaky; the lock fixes the key", "file: XML property list",
            ])
        #expect(try cli.run("export", "--format", "json", "com.example.app").output.contains("sneaky"))
        #expect(
            try !cli.run("export", "--effective", "--format", "json", "com.example.app").output.contains("sneaky"))
    }

    /// `prefs` with only a store's options, alone on a terminal, is the editor on that store, as `prefs` alone is; it
    /// runs in-process, told its streams are a terminal.
    @Test func prefsWithOnlyAStoreOptionOnATerminalOpensTheEditorOnIt() throws {
        let (cli, _) = try installed()
        let elsewhere = cli.home.url.appendingPathComponent("elsewhere")
        #expect(try cli.run("write", "--config-dir", elsewhere.path, "only.here", "k", "v").status == 0)
        let editor = cli.editor("--config-dir", elsewhere.path)
        #expect(editor.waitFor { $0.contains("only.here") }, "\(editor.screen)")
        #expect(!editor.screen.contains("USAGE"))
        editor.type("q")
        #expect(editor.waitUntilEnded()?.status == 0)
        // Off a terminal it prints the usage, as before.
        let piped = try cli.run("--config-dir", elsewhere.path)
        #expect(piped.output.hasPrefix("OVERVIEW: "), "\(piped.output)")
    }

    /// The editor, run in-process as `prefs tui` runs it, while the administrator changes the lock file.
    @Test func theEditorMarksSystemAndLockedKeysRefusesALockedOneAndFollowsTheLockFile() throws {
        let (cli, _) = try installed()
        let editor = cli.editor("tui", "com.example.app", width: 160)
        let rows = { (screen: String) in screen.split(separator: "\n").filter { $0.contains("🔒 locked") }.count }
        #expect(editor.waitFor { rows($0) == 1 && $0.contains("system") && $0.contains("proxy.corp") })
        let proxyFirst = editor.screen.split(separator: "\n").first { $0.contains("proxy") || $0.contains("theme") }
        if proxyFirst?.contains("theme") == true { editor.type("j") }
        editor.type(.key(.enter))
        let locks = cli.systemDirectory.appendingPathComponent("com.example.app.locks")
        #expect(editor.waitFor { $0.contains("proxy cannot be changed: locked by \(locks.path)") })

        // The administrator locks the theme too, while the editor runs.
        let handle = try FileHandle(forWritingTo: locks)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\ntheme\n".utf8))
        try handle.close()
        #expect(editor.waitFor { rows($0) == 2 }, "\(editor.screen)")
        editor.type("w")
        #expect(editor.waitFor { $0.contains("theme = dark") && $0.contains("(system file \(locks.path))") })
        editor.type("qq")
        #expect(editor.waitFor { $0.contains("com.example.app") && $0.contains("0 keys + 2 system") })
        editor.type("q")
        #expect(editor.waitUntilEnded()?.status == 0)
        #expect(!FileManager.default.fileExists(atPath: cli.suiteFile("com.example.app").path), "nothing was written")
    }

    @Test func watchNamesTheLayerOrLockFileThatChangedAValueOrOnlyItsSource() throws {
        let (cli, _) = try installed()
        let locks = cli.systemDirectory.appendingPathComponent("com.example.app.locks")
        for json in [false, true] {
            let watcher = cli.watch(json ? ["watch", "--json", "com.example.app"] : ["watch", "com.example.app"])
            defer { watcher.kill() }
            #expect(try cli.waitUntilWatching(watcher, suite: "com.example.app"))
            // The theme the system sets becomes locked: its value stays dark, its source changes.
            try Data("proxy\ntheme\n".utf8).write(to: locks)
            if json {
                #expect(watcher.waitForLine { $0.contains(#""key":"theme""#) })
                let line = try #require(watcher.output.first { $0.contains(#""key":"theme""#) })
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                #expect(object?["system"] as? String == locks.path)
                #expect(object?["old"] as? String == "dark" && object?["new"] as? String == "dark")
            } else {
                #expect(watcher.waitForLine { $0.contains("com.example.app theme = dark (system file \(locks.path))") })
            }
            try Data("proxy\n".utf8).write(to: locks)
            #expect(watcher.waitForLine { $0.contains("theme") && $0.contains("com.example.app.plist") })
        }
    }
}
