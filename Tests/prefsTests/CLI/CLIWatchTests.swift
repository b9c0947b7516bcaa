import Foundation
import PrefsTestHelpers
import Testing

/// `prefs watch` sees other processes' writes as they happen.
///
/// It runs in this process, as `prefs` runs it; the
/// writers are processes of their own: an app on PrefsKit (`prefs-test-helper`) and a plain `UserDefaults` program.
@Suite(.threadOfItsOwn) struct CLIWatchTests {
    /// An app's write, through PrefsKit's file store, from a process of its own.
    private func appWrites(_ prefs: InProcessPrefs, _ suite: String, _ key: String, _ value: Int) throws -> Int32 {
        let helper = try ChildProcess.run(
            "prefs-test-helper", ["set", prefs.configDirectory.path, suite, key, "\(value)"],
            environment: prefs.environment)
        #expect(helper.status == 0, "\(helper.standardError)")
        return helper.pid
    }

    @Test func watchPrintsAnotherProcesssWriteWithItsWriter() throws {
        let prefs = try InProcessPrefs()
        let watcher = prefs.watch("watch")
        defer { watcher.kill() }
        #expect(try prefs.waitUntilWatching(watcher, suite: "app"))
        let pid = try appWrites(prefs, "app", "count", 5)
        #expect(watcher.waitForLine { $0.contains("app count = 5 (prefs-test-helper pid \(pid))") })
        try prefs.run("delete", "app", "count")
        #expect(watcher.waitForLine { $0.contains("app count removed (") })
        let line = try #require(watcher.output.first { $0.contains("count = 5") })
        #expect(
            line.range(
                of: #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} [+-]\d\d:\d\d app count"#, options: .regularExpression)
                != nil, "times are local unless --utc")
    }

    @Test func watchFollowsOnlyTheSuitesItIsGivenAndPrintsJSONLines() throws {
        let prefs = try InProcessPrefs()
        let watcher = prefs.watch("watch", "--json", "app")
        defer { watcher.kill() }
        #expect(try prefs.waitUntilWatching(watcher, suite: "app"))
        _ = try appWrites(prefs, "other", "ignored", 1)
        let pid = try appWrites(prefs, "app", "count", 5)
        #expect(watcher.waitForLine { $0.contains(#""key":"count""#) })
        #expect(!watcher.output.contains { $0.contains("ignored") })
        let line = try #require(watcher.output.first { $0.contains(#""key":"count""#) })
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(object?["new"] as? Int == 5)
        #expect(object?["suite"] as? String == "app")
        #expect(object?["process"] as? String == "prefs-test-helper")
        #expect(object?["pid"] as? Int == Int(pid))
        #expect(object?["origin"] as? String == "another process")
    }

    @Test func watchOneKeyPrintsItsChangesAloneAndOtherSuitesWholeWithSuite() throws {
        let prefs = try InProcessPrefs()
        try prefs.installSchema(SchemaFixtures.verbs)
        let watcher = prefs.watch("watch", "app", "theme", "size", "--suite", "daemon")
        defer { watcher.kill() }
        // Written until the watch prints one: it starts asynchronously.
        var attempt = 6
        while !watcher.output.contains(where: { $0.contains("app size = ") }), attempt < 70 {
            _ = try appWrites(prefs, "app", "other", attempt)
            try prefs.run("write", "app", "size", "\(attempt)")
            _ = watcher.waitForLine(timeout: .milliseconds(200)) { $0.contains("app size = ") }
            attempt += 1
        }
        _ = try appWrites(prefs, "app", "size", 71)
        #expect(watcher.waitForLine { $0.contains("app size = 71 (") })
        try prefs.run("delete", "app", "size")
        // The key's schema gives it a default, which is what a reader gets from now on.
        #expect(watcher.waitForLine { $0.contains("app size reset to its default 12 (") })
        _ = try appWrites(prefs, "daemon", "pid", 3)
        #expect(watcher.waitForLine { $0.contains("daemon pid = 3 (") })
        // Another key of the suite changed before the watched one, and was never printed.
        #expect(!watcher.output.contains { $0.contains(" other ") }, "\(watcher.output)")
        #expect(watcher.error.contains("watching size, theme of app and 1 more suite(s) in "), "\(watcher.error)")
    }

    @Test func watchSeesAPlainUserDefaultsProgramAsAnUnknownWriter() throws {
        let prefs = try InProcessPrefs()
        let watcher = prefs.watch("watch", "app")
        defer { watcher.kill() }
        #expect(try prefs.waitUntilWatching(watcher, suite: "app"))
        let path = prefs.suiteFile("app").deletingPathExtension().path
        let helper = try ChildProcess.run(
            "prefs-test-helper", ["ud-write", path, "plain", "hello"], environment: prefs.environment)
        #expect(helper.status == 0)
        #expect(watcher.waitForLine { $0.contains("app plain = hello (writer not recorded)") })
    }
}
