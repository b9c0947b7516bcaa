import Foundation
import PrefsKit
import PrefsTestHelpers
import Testing

/// System layers and locks through `prefs`: the README's "System layers and locks" example run exactly as written,
/// with its two files in the test's `$XDG_CONFIG_DIRS` in place of `/etc/xdg`, and every verb that would touch a
/// locked key refused without writing.
@Suite struct CLISystemLayerTests {
    private static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

    /// The README section's fenced blocks, by their language: `xml`, `text` and `console`.
    static func blocks() throws -> [String: String] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(
            text.components(separatedBy: "## System layers and locks\n").dropFirst().first?
                .components(separatedBy: "\n## ").first)
        var blocks: [String: String] = [:]
        let parts = section.components(separatedBy: "```")
        for index in stride(from: 1, to: parts.count, by: 2) {
            let lines = parts[index].split(separator: "\n", omittingEmptySubsequences: false)
            blocks[String(lines[0])] = lines.dropFirst().joined(separator: "\n")
        }
        return blocks
    }

    /// A CLI whose system folder holds the README's two files, their first comment line (the path) left out.
    private func installed() throws -> (PrefsCLI, [String: String]) {
        let cli = try PrefsCLI()
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
        var steps: [(command: String, sample: [String])] = []
        for line in try #require(blocks["console"]).split(separator: "\n").map(String.init) {
            if line.hasPrefix("$ ") {
                steps.append((String(line.dropFirst(2)), []))
            } else if !steps.isEmpty {
                steps[steps.count - 1].sample.append(
                    line.replacingOccurrences(of: "/etc/xdg", with: cli.systemDirectory.path))
            }
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
            let result = try cli.run(["--json"] + arguments)
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
}
