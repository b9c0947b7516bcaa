import Foundation
import PrefsKit
import PrefsTestHelpers
import Testing

/// The README's `$ prefs …` block, run line by line exactly as written, through a shell with the built `prefs` on
/// `PATH`, in the order a reader would type it; and the man page's examples, which must be lines of that block.
@Suite struct ReadmeCommandLineTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A line of the block: what the reader types, and the sample output printed under it.
    struct Line {
        let command: String
        var sample: [String] = []
    }

    /// The block under "## The `prefs` command line", with each command's comment removed.
    static func block() throws -> [Line] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## The `prefs` command line").last)
        let fence = try #require(section.components(separatedBy: "```").dropFirst().first)
        var lines: [Line] = []
        for text in fence.split(separator: "\n").map(String.init) {
            if text.hasPrefix("$ ") {
                // A comment starts after two spaces or more; nothing in a command holds "  #".
                let command = text.dropFirst(2).components(separatedBy: "  #")[0]
                lines.append(Line(command: command.trimmingCharacters(in: .whitespaces)))
            } else if !lines.isEmpty {
                lines[lines.count - 1].sample.append(text)
            }
        }
        return lines
    }

    /// The sample output's shape: digits stand for any digits, and the old and new values for any word.
    private static func shape(_ sample: String) throws -> Regex<AnyRegexOutput> {
        var pattern = NSRegularExpression.escapedPattern(for: sample)
        pattern = pattern.replacingOccurrences(of: "light -> dark", with: "\\S+ -> \\S+")
        pattern = pattern.replacingOccurrences(of: "= dark", with: "= \\S+")
        pattern = pattern.replacingOccurrences(of: "\\+", with: "[+-]")
        pattern = pattern.replacing(/[0-9]+/, with: "[0-9]+")
        return try Regex("^" + pattern + "$")
    }

    @Test func everyCommandLineInTheBlockRunsAsWritten() throws {
        let lines = try Self.block()
        #expect(lines.count >= 15)
        let cli = try PrefsCLI()
        let work = cli.home.url.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let prefs = try ChildProcess.executable(named: "prefs")
        let path = prefs.deletingLastPathComponent().path + ":/usr/bin:/bin"
        let environment = cli.environment.merging(["PATH": path]) { $1 }
        let schema = try ChildProcess.run("theme-demo", ["schema"])
        try Data(schema.standardOutput.utf8).write(to: work.appendingPathComponent("theme-demo.schema.json"))
        var watcher: RunningChild?
        defer { watcher?.kill() }
        for line in lines {
            if line.command == "prefs watch" {
                let started = try RunningChild("/bin/bash", ["-c", line.command], environment: environment)
                watcher = started
                // The watch is running once a write made now reaches it.
                #expect(
                    eventually(timeout: .seconds(20)) {
                        _ = try? cli.run("write", "com.example.app", "theme", "light")
                        _ = try? cli.run("write", "com.example.app", "theme", "dark")
                        return started.output.contains { $0.contains("com.example.app theme = dark") }
                    })
                for sample in line.sample {
                    let shape = try Self.shape(sample)
                    #expect(sample.wholeMatch(of: shape) != nil)
                    #expect(started.output.contains { $0.wholeMatch(of: shape) != nil }, "\(started.output)")
                }
                // The reader stops it with Ctrl-C before going on.
                started.kill()
                continue
            }
            if line.command == "prefs recover com.example.app" {
                try Data("garbage".utf8).write(to: cli.suiteFile("com.example.app"))
            }
            if line.command.hasSuffix("--from-previous") {
                try cli.run("write", "com.example.app", "theme", "dark")
                try cli.run("write", "com.example.app", "theme", "light")
                try Data("garbage".utf8).write(to: cli.suiteFile("com.example.app"))
            }
            let run = try ChildProcess.run(
                "/bin/bash", ["-c", "cd '\(work.path)' && " + line.command], environment: environment)
            #expect(run.status == 0, "\(line.command): \(run.standardError)")
            let printed = run.standardOutput.split(separator: "\n").map(String.init)
            for sample in line.sample {
                let shape = try Self.shape(sample)
                #expect(printed.contains { $0.wholeMatch(of: shape) != nil }, "\(line.command): \(printed)")
            }
            if line.command == "prefs read com.example.app theme" { #expect(run.standardOutput == "dark\n") }
        }
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("app.plist").path))
    }

    @Test func theManPagesExamplesAreLinesOfTheReadmeBlock() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("Assets/man/prefs.1"), encoding: .utf8)
        let examples = try #require(page.components(separatedBy: ".Sh EXAMPLES").last)
            .components(separatedBy: ".Sh ")[0]
            .split(separator: "\n").filter { $0.hasPrefix("prefs ") }.map(String.init)
        #expect(examples.count >= 5)
        let commands = Set(try Self.block().map(\.command))
        for example in examples { #expect(commands.contains(example), "\(example) is not run by a test") }
    }

    @Test func theErrorCodesAreDocumentedInTheReadmeAndTheManual() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let page = try String(contentsOf: Self.root.appendingPathComponent("Assets/man/prefs.1"), encoding: .utf8)
        for code in ErrorCode.all {
            #expect(readme.contains("`\(code)`"), "\(code)")
            #expect(page.contains(code.rawValue), "\(code)")
        }
    }
}
