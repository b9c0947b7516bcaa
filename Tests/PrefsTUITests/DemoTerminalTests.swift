import Foundation
import PrefsTestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `prefs demo` in a real terminal: a temporary copy of the demo, a second process writing to it, and nothing left
/// behind however the editor ends.
@Suite(.needs(.tmux), .threadOfItsOwn, .serialized) struct DemoTerminalTests {
    /// Starts the demo with its temporary directory inside the test's own, and returns where the demo put it.
    private func launch(_ cli: PrefsCLI) throws -> (TmuxSession, URL) {
        let temporary = cli.home.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let terminal = try TmuxSession(
            running: "prefs", "demo --interval 0.2", in: cli, extra: ["TMPDIR": temporary.path])
        #expect(try terminal.waitFor { $0.contains("com.example.mailer") && $0.contains("notes") })
        let demo = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(demo.count == 1 && demo.first?.hasPrefix("prefs-demo-") == true)
        return (terminal, temporary.appendingPathComponent(demo.first ?? "missing"))
    }

    /// Whether a process still runs a command line that mentions a path.
    private func processRuns(mentioning path: String) -> Bool {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.contains { pid in
            guard Int(pid) != nil, let line = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else {
                return false
            }
            return String(decoding: line, as: UTF8.self).contains(path)
        }
    }

    @Test func theDemoShowsTheSecondProcesssWritesAndRemovesItsDirectoryOnQuit() throws {
        let cli = try PrefsCLI()
        let (terminal, directory) = try launch(cli)
        defer { terminal.close() }
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("config/notes.plist").path))
        try terminal.send("Enter")
        #expect(try terminal.waitFor { $0.contains("logLevel") && $0.contains("993x") }, "the schema marks a bad port")
        try terminal.send("w")
        #expect(
            try terminal.waitFor { $0.contains("com.example.mailer unreadCount = ") && $0.contains("(mail-daemon pid") }
        )
        try terminal.send("q", "Escape", "q")
        #expect(try terminal.waitFor { $0.contains("EXITED 0") })
        #expect(!FileManager.default.fileExists(atPath: directory.path), "the temporary directory is removed")
        #expect(eventually { !processRuns(mentioning: directory.path) }, "the second process has ended")
    }

    @Test func aKilledEditorStillLeavesNothingBehind() throws {
        let cli = try PrefsCLI()
        let (terminal, directory) = try launch(cli)
        defer { terminal.close() }
        let shell = try #require(try terminal.panePID())
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let editor = try #require(children.split(separator: " ").compactMap { Int32($0) }.first)
        kill(editor, SIGKILL)
        #expect(try terminal.waitFor { $0.contains("EXITED 137") }, "\((try? terminal.capture()) ?? "")")
        #expect(eventually { !FileManager.default.fileExists(atPath: directory.path) }, "the writer removed it")
        #expect(eventually { !processRuns(mentioning: directory.path) })
    }

    @Test func aBinaryCopiedAloneOntoThePathRunsTheDemoFromItsCompiledInFiles() throws {
        let cli = try PrefsCLI()
        let bin = cli.home.url.appendingPathComponent("installed/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        // Copied by cp, not in this process: a file this process holds open for writing would leak into children
        // other tests start meanwhile, and executing it would then fail with ETXTBSY.
        let copy = try ChildProcess.run(
            "/bin/cp", [try ChildProcess.executable(named: "prefs").path, bin.appendingPathComponent("prefs").path])
        #expect(copy.status == 0)
        let temporary = cli.home.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        // Run from elsewhere, by name from PATH, as the README's install step leaves it.
        let environment = cli.environment.merging(["TMPDIR": temporary.path, "PATH": bin.path + ":/usr/bin:/bin"]) {
            $1
        }
        .map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        let terminal = try TmuxSession(
            "cd / && env \(environment) LANG=C.UTF-8 prefs demo --interval 0.2; echo EXITED $?; sleep 30")
        defer { terminal.close() }
        // A copy of a debug binary is large; loading it under a parallel test run takes a while.
        #expect(
            try terminal.waitFor(timeout: .seconds(40)) { $0.contains("com.example.mailer") && $0.contains("notes") })
        try terminal.send("q")
        #expect(try terminal.waitFor { $0.contains("EXITED 0") })

        // PREFS_DEMO_ASSETS that names a folder without the files is an error, not the built-in demo.
        let missing = try cli.run(
            ["demo"], extraEnvironment: ["PREFS_DEMO_ASSETS": cli.home.url.appendingPathComponent("none").path])
        #expect(missing.status == 1)
        #expect(missing.error.hasPrefix("prefs: the demo's files are not in "))
    }
}
