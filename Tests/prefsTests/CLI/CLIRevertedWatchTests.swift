import Foundation
import PrefsTestHelpers
import Testing

/// `prefs watch`, run in-process, says when another program put back a value a write of prefs replaced, and which write it undid.
@Suite(.threadOfItsOwn) struct CLIRevertedWatchTests {
    @Test func aWriteUndoneByAnUnknownWriterIsReportedAsReverted() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "app", "mode", "old")
        let watcher = prefs.watch("watch", "app")
        defer { watcher.kill() }
        let path = prefs.suiteFile("app").deletingPathExtension().path
        // A plain UserDefaults program puts back the value a prefs write replaced, until the watcher has seen it.
        var seen = false
        for _ in 0..<20 where !seen {
            try prefs.run("write", "app", "mode", "new")
            _ = try ChildProcess.run(
                "prefs-test-helper", ["ud-write", path, "mode", "old"], environment: prefs.environment)
            seen = watcher.waitForLine(timeout: .seconds(1)) {
                $0.contains("app mode = old (reverted, writer not recorded")
            }
        }
        #expect(seen)
        let line = try #require(watcher.output.first { $0.contains("reverted, writer not recorded") })
        #expect(line.contains("it undid \(InProcessPrefs.writer())"))
    }
}
