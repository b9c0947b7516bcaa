import Foundation
import PrefsKit
import PrefsTestHelpers
import Testing

/// The command lines the README and the command line's article show, run line by line exactly as written, through a
/// shell with the built `prefs` on `PATH`, in the order a reader would type them; and the man page's examples, which
/// must be lines of the article's block.
@Suite(.threadOfItsOwn) struct ReadmeCommandLineTests {
    static let article = "Sources/PrefsTools/PrefsTools.docc/CommandLine.md"

    /// A line of a block: what the reader types, and the sample output printed under it.
    struct Line {
        let command: String
        var sample: [String] = []
    }

    /// The first `$ prefs` block of a document, from `section` on, with each command's comment removed.
    static func block(_ document: String, section: String = "") throws -> [Line] {
        let text = try ProjectFile.text(document)
        let part = section.isEmpty ? text : try #require(text.components(separatedBy: section).dropFirst().first)
        let fence = try #require(ProjectFile.fences(in: part).first { $0.body.hasPrefix("$ prefs ") })
        return ProjectFile.commandLines(in: fence.body).map { Line(command: $0.command, sample: $0.sample) }
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

    /// A document with a `$ prefs` block: where it is, the section the block is under, and how many lines it holds
    /// at least.
    struct Document: Sendable, CustomTestStringConvertible {
        let path: String
        let section: String
        let minimumLines: Int
        var testDescription: String { path }
    }

    @Test(arguments: [
        Document(path: article, section: "", minimumLines: 15),
        Document(path: "README.md", section: "## The command line", minimumLines: 8),
    ])
    func everyCommandLineOfTheDocumentRunsAsWritten(_ document: Document) throws {
        let lines = try Self.block(document.path, section: document.section)
        #expect(lines.count >= document.minimumLines)
        try Self.runAsWritten(lines)
    }

    private static func runAsWritten(_ lines: [Line]) throws {
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
                // The reader stops it with Ctrl-C before going on. The probe's writes are not the reader's: one more
                // write is the last again, so that `prefs undo` leaves the theme the reader set, which `find` finds.
                started.kill()
                try cli.run("write", "com.example.app", "launchCount", "4", "--type", "int")
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

    @Test func theManPagesExamplesAreLinesOfTheArticlesBlock() throws {
        let page = try ProjectFile.text("Assets/man/prefs.1")
        let examples = try #require(page.components(separatedBy: ".Sh EXAMPLES").last)
            .components(separatedBy: ".Sh ")[0]
            .split(separator: "\n").filter { $0.hasPrefix("prefs ") }.map(String.init)
        #expect(examples.count >= 5)
        let commands = Set(try Self.block(Self.article).map(\.command))
        for example in examples { #expect(commands.contains(example), "\(example) is not run by a test") }
    }

    @Test func theErrorCodesAreDocumentedInTheArticleAndTheManual() throws {
        let article = try ProjectFile.text(Self.article)
        let page = try ProjectFile.text("Assets/man/prefs.1")
        for code in ErrorCode.all {
            #expect(article.contains("`\(code)`"), "\(code)")
            #expect(page.contains(code.rawValue), "\(code)")
        }
    }
}
