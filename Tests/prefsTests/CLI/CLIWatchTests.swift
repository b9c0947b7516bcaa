import Foundation
import PrefsTestHelpers
import Testing

/// `prefs watch` sees other processes' writes as they happen.
@Suite(.threadOfItsOwn, .serialized) struct CLIWatchTests {
    @Test func watchPrintsAnotherProcesssWriteWithItsWriter() throws {
        let cli = try PrefsCLI()
        let watcher = try cli.start("watch")
        defer { watcher.kill() }
        #expect(try cli.waitUntilWatching(watcher, suite: "app"))
        try cli.run("write", "app", "theme", "dark")
        #expect(watcher.waitForLine { $0.contains("app theme = dark (prefs pid ") })
        try cli.run("delete", "app", "theme")
        #expect(watcher.waitForLine { $0.contains("app theme removed (prefs pid ") })
        let line = try #require(watcher.output.first { $0.contains("theme = dark") })
        #expect(
            line.range(
                of: #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} [+-]\d\d:\d\d app theme"#, options: .regularExpression)
                != nil, "times are local unless --utc")
    }

    @Test func watchFollowsOnlyTheSuitesItIsGivenAndPrintsJSONLines() throws {
        let cli = try PrefsCLI()
        let watcher = try cli.start("watch", "--json", "app")
        defer { watcher.kill() }
        #expect(try cli.waitUntilWatching(watcher, suite: "app"))
        try cli.run("write", "other", "ignored", "1")
        try cli.run("write", "app", "count", "5", "-t", "int")
        #expect(watcher.waitForLine { $0.contains(#""key":"count""#) })
        #expect(!watcher.output.contains { $0.contains("ignored") })
        let line = try #require(watcher.output.first { $0.contains(#""key":"count""#) })
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(object?["new"] as? Int == 5)
        #expect(object?["suite"] as? String == "app")
        #expect(object?["process"] as? String == "prefs")
        #expect(object?["origin"] as? String == "another process")
    }

    @Test func watchSeesAPlainUserDefaultsProgramAsAnUnknownWriter() throws {
        let cli = try PrefsCLI()
        let watcher = try cli.start("watch", "app")
        defer { watcher.kill() }
        #expect(try cli.waitUntilWatching(watcher, suite: "app"))
        let path = cli.suiteFile("app").deletingPathExtension().path
        let helper = try ChildProcess.run(
            "prefs-test-helper", ["ud-write", path, "plain", "hello"], environment: cli.environment)
        #expect(helper.status == 0)
        #expect(watcher.waitForLine { $0.contains("app plain = hello (unknown writer)") })
    }
}
