import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// Suites are shared with programs that take no lock.
///
/// A plain `UserDefaults` app rewrites its suite in place (truncate, then write) whenever it saves. prefs must lose none of its keys, and keep its own writes as well as a
/// Foundation writer keeps them.
@Suite(.threadOfItsOwn, .serialized) struct ForeignWriterTests {
    /// Writes `count` keys with each writer in turn, 25 ms apart, prefs's in this process, Foundation's by a short-lived one.
    ///
    /// The writers alternate so that both meet the same load on the machine; run one after the other, a busy
    /// moment during one phase biased the comparison.
    /// - Returns: how many writes each writer saw acknowledged, in the order of `writers`.
    private func alternate(count: Int, _ writers: [(String, Int) throws -> Bool]) throws -> [Int] {
        var acknowledged = Array(repeating: 0, count: writers.count)
        for index in 0..<count {
            for (position, writer) in writers.enumerated() {
                if try writer("\(position)-\(index)", index) { acknowledged[position] += 1 }
                Thread.sleep(forTimeInterval: 0.025)
            }
        }
        return acknowledged
    }

    private func stored(_ cli: InProcessPrefs, _ suite: String) throws -> [String: Any] {
        let data = try Data(contentsOf: cli.suiteFile(suite))
        return try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] ?? [:]
    }

    /// A suite `shared` holding one key written by prefs, and a plain `UserDefaults` app saving it in place every
    /// 20 ms from when it prints `ready`; the caller closes the app's input to end it.
    private func besideARunningApp() throws -> (cli: InProcessPrefs, path: String, app: RunningChild) {
        let cli = try InProcessPrefs(waitsForRewrites: true)
        try cli.run("write", "shared", "existing", "before the app started")
        let path = cli.suiteFile("shared").deletingPathExtension().path
        let app = try RunningChild(
            "prefs-test-helper", ["ud-loop", path, "appCounter", "20"], environment: cli.environment,
            pipingInput: true)
        return (cli, path, app)
    }

    /// The errors of refused writes, which a writer of ``alternate(count:_:)`` collects.
    private final class Refusals {
        var errors: [String] = []

        /// Whether each refusal said why in one line, as every error of prefs does.
        var areOneLineErrors: Bool {
            errors.allSatisfy { $0.hasPrefix("prefs: ") && $0.split(separator: "\n").count == 1 }
        }
    }

    /// A writer for ``alternate(count:_:)`` that runs `prefs write`, keeping each refusal's error.
    private func prefsWriter(_ cli: InProcessPrefs, _ refusals: Refusals) -> (String, Int) throws -> Bool {
        { key, index in
            let result = try cli.run("write", "shared", "prefs-\(key)", "\(index)")
            if result.status != 0 { refusals.errors.append(result.error) }
            return result.status == 0
        }
    }

    @Test func aRunningUserDefaultsAppLosesNoKeyAndPrefsKeepsItsWritesAsFoundationDoes() throws {
        let (cli, path, app) = try besideARunningApp()
        defer {
            app.closeInput()
            _ = app.wait()
        }
        #expect(app.waitForLine { $0 == "ready" })
        let refusals = Refusals()
        let acknowledged = try alternate(
            count: 50,
            [
                prefsWriter(cli, refusals),
                { key, index in
                    try ChildProcess.run(
                        "prefs-test-helper", ["ud-write", path, "foundation-\(key)", "\(index)"],
                        environment: cli.environment
                    )
                    .status == 0
                },
            ])
        let (prefsAcknowledged, foundationAcknowledged) = (acknowledged[0], acknowledged[1])
        app.closeInput()
        _ = app.wait()
        let values = try stored(cli, "shared")
        let prefsKept = values.keys.filter { $0.hasPrefix("prefs-") }.count
        let foundationKept = values.keys.filter { $0.hasPrefix("foundation-") }.count
        // The app's own key is there: its next save puts it back whoever dropped it. The key that was there before is
        // not checked here: a Foundation writer that reads the suite while the app has it truncated writes it back
        // without it (CI saw it once, with every write of prefs acknowledged), which prefs cannot prevent; the test
        // below checks it beside prefs alone.
        #expect(values["appCounter"] != nil)
        // Beside the app a write was now and then refused (5 of about 3,000 in CI): the file was still empty, the app
        // between its truncation and its write, when prefs's quarter of a second of reading it again ran out; it now
        // waits a second. A refusal writes nothing and must say why in one line, which the message prints.
        #expect(prefsAcknowledged >= 48, "\(refusals.errors)")
        #expect(refusals.areOneLineErrors, "\(refusals.errors)")
        // The app's in-place saves overwrite some writes made between its read and its write, whoever makes them.
        // Before the fix prefs kept 40, 11 and 42 against a Foundation writer's 45, 45, 47. With the writers taking
        // turns, seven runs (two beside the full test suite) gave prefs 40–48 and Foundation 40–47, never more than
        // two apart; the margin allows for a loaded machine's variance.
        #expect(
            prefsKept >= min(foundationKept, foundationAcknowledged) - 8,
            "prefs kept \(prefsKept) of 50, a Foundation writer \(foundationKept) of \(foundationAcknowledged)")
    }

    /// Beside the app alone, no prefs write drops a key it was not asked to change, however often the app has the
    /// file truncated when prefs reads it.
    @Test func prefsWritesBesideARunningUserDefaultsAppDropNoOtherKey() throws {
        let (cli, _, app) = try besideARunningApp()
        defer {
            app.closeInput()
            _ = app.wait()
        }
        #expect(app.waitForLine { $0 == "ready" })
        let refusals = Refusals()
        let acknowledged = try alternate(count: 50, [prefsWriter(cli, refusals)])
        app.closeInput()
        _ = app.wait()
        let values = try stored(cli, "shared")
        #expect(acknowledged[0] >= 48, "\(refusals.errors)")
        #expect(refusals.areOneLineErrors, "\(refusals.errors)")
        #expect(values["existing"] as? String == "before the app started")
        #expect(values["appCounter"] != nil)
    }

    /// A value prefs wrote, then overwritten or removed in place by a program that takes no lock, while no watcher
    /// ran: the history read next ends at what the file holds, the change recorded as an unknown writer's, once.
    @Test func historyEndsAtWhatTheFileHoldsAfterAnUnseenOverwrite() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "shared", "kept", "mine")
        try cli.run("write", "shared", "lost", "mine")
        try cli.run("write", "shared", "changed", "mine")
        // A UserDefaults app's in-place save of what it loaded before: `lost` gone, `changed` its own.
        let file = cli.suiteFile("shared")
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["kept": "mine", "changed": "the app's"], format: .binary, options: 0)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: data)
        try handle.close()
        let lost = try cli.run("log", "shared", "lost").lines
        #expect(lost.count == 2, "\(lost)")
        #expect(lost.last?.contains("lost: mine -> (unset)  writer not recorded") == true, "\(lost)")
        let changed = try cli.run("log", "shared", "changed").lines
        #expect(changed.last?.contains("the app's") == true, "\(changed)")
        #expect(try cli.run("log", "shared", "kept").lines.count == 1, "a key the file holds as written is left alone")
        // Read again, nothing more is recorded.
        #expect(try cli.run("log", "shared", "lost").lines == lost)
        #expect(try cli.run("log", "shared").lines.count == 5)
    }

    /// A history that cannot be brought up to the file (its lock held too long by another writer) is read as it
    /// is, and says so in one line.
    @Test func aHistoryThatCannotBeReconciledIsReadAndSaysSo() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "shared", "k", "mine")
        let lock = cli.configDirectory.appendingPathComponent(".shared.plist.lock")
        let holder = try RunningChild("prefs-test-helper", ["hold-lock", lock.path], pipingInput: true)
        defer {
            holder.closeInput()
            _ = holder.wait()
        }
        #expect(holder.waitForLine { $0 == "locked" })
        let log = try cli.spawn(["log", "shared", "k"])
        #expect(log.status == 0, "\(log.error)")
        #expect(log.output.contains("k: (unset) -> mine"), "\(log.output)")
        #expect(
            log.error.hasPrefix("prefs: warning: the history of shared may not show another program's latest change: "),
            "\(log.error)")
    }

    @Test func anInPlaceRewriteThatKeepsSizeAndTimeIsStillSeen() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("tick")
        try suite.commit(["a": .string("1"), "b": .string("x")])
        let file = suite.fileURL
        let original = try Data(contentsOf: file)
        var status = stat()
        #expect(stat(file.path, &status) == 0)
        // Another program rewrites the file in place, same inode and size, within the same clock tick.
        let rewritten = Data(
            String(decoding: original, as: UTF8.self).replacingOccurrences(of: ">1<", with: ">2<").utf8)
        #expect(rewritten.count == original.count && rewritten != original)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: rewritten)
        try handle.close()
        var times = [status.st_atim, status.st_mtim]
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        try suite.commit(["c": .string("3")])
        let values = try scope.reopen().suite("tick").primitiveValues()
        #expect(values == ["a": .string("2"), "b": .string("x"), "c": .string("3")])
    }

    @Test func aFileEmptiedForAMomentByAnInPlaceWriterIsNotTakenForAnEmptySuite() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("flux")
        try suite.commit(["kept": .int(1), "also": .int(2)])
        let file = suite.fileURL
        let original = try Data(contentsOf: file)
        // The moment between a UserDefaults app's truncate and its write, stretched to 40 ms.
        try Data().write(to: file)
        let restorer = Thread {
            Thread.sleep(forTimeInterval: 0.04)
            try? original.write(to: file)
        }
        restorer.start()
        let writer = try scope.reopen().suite("flux")
        try writer.commit(["new": .int(3)])
        #expect(
            try scope.reopen().suite("flux").primitiveValues() == ["kept": .int(1), "also": .int(2), "new": .int(3)])
    }

    @Test func aChangeEventSaysWhichWriteItReverted() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("undone")
        try suite.commit(["mode": .string("old")])
        let recorder = ChangeRecorder()
        let observation = suite.changeNotifier.addObserver { recorder.record($0) }
        defer { observation.cancel() }
        try suite.commit(["mode": .string("new")])
        let path = scope.configDirectory.appendingPathComponent("undone").path
        #expect(
            try ChildProcess.run(
                "prefs-test-helper", ["ud-write", path, "mode", "old"], environment: scope.environment
            )
            .status == 0)
        #expect(eventually { recorder.all.contains { $0.newValue == .string("old") && $0.reverted != nil } })
        let reverting = try #require(recorder.all.first { $0.reverted != nil })
        #expect(reverting.reverted?.pid == ProcessInfo.processInfo.processIdentifier)
        #expect(reverting.writer == nil && reverting.origin == .otherProcess)
    }
}
