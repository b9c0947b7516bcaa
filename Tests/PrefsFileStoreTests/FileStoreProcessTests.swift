import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// Multi-process behaviour, with real child processes from the prefs-test-helper executable.
@Suite(.threadOfItsOwn) struct FileStoreProcessTests {
    @Test func anotherProcesssWriteArrivesAttributedToIt() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("live")
        let recorder = ChangeRecorder()
        let observation = scope.store.addObserver { recorder.record($0) }
        defer { observation.cancel() }
        let child = try RunningChild(
            "prefs-test-helper", ["set", scope.configDirectory.path, "live", "volume", "7"],
            environment: scope.environment)
        #expect(child.wait() == 0)
        #expect(eventually { recorder.all.contains { $0.key == "volume" } })
        let change = try #require(recorder.all.first { $0.key == "volume" })
        #expect(change.suite == "live")
        #expect(change.oldValue == nil)
        #expect(change.newValue == .int(7))
        #expect(change.origin == .otherProcess)
        #expect(change.writer?.pid == child.pid)
        #expect(change.writer?.processName == "prefs-test-helper")
        #expect(suite.get(.volume) == 7)
    }

    /// A conditional write that finds another process's value refuses, and leaves the suite showing that value at once,
    /// even before a watcher would have seen it (nothing watches here).
    @Test func aRefusedConditionalWriteShowsTheNewestValueAtOnce() throws {
        let scope = try ScopedFileStore(watching: false)
        let suite = try scope.store.suite("race")
        try suite.commit(["greeting": .string("hello")])
        let child = try RunningChild(
            "prefs-test-helper", ["set", scope.configDirectory.path, "race", "greeting", "7"],
            environment: scope.environment)
        #expect(child.wait() == 0)
        #expect(suite.primitiveValue(forKey: "greeting") == .string("hello"), "no watcher has run")
        #expect(throws: FileStoreError.changedSince(suite: "race", key: "greeting")) {
            try suite.commit(
                ["greeting": .string("mine")], recoveringCorruptFile: false, expecting: ["greeting": .string("hello")])
        }
        #expect(suite.primitiveValue(forKey: "greeting") == .int(7))
        #expect(try scope.reopen().suite("race").primitiveValue(forKey: "greeting") == .int(7))
    }

    @Test func aDateWrittenToTheSubSecondIsAttributedToItsWriter() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("live")
        let recorder = ChangeRecorder()
        let observation = scope.store.addObserver { recorder.record($0) }
        defer { observation.cancel() }
        let child = try RunningChild(
            "prefs-test-helper", ["set-now", scope.configDirectory.path, "live", "lastSync"],
            environment: scope.environment)
        #expect(child.wait() == 0)
        #expect(eventually { Set(recorder.all.map(\.key)) == ["lastSync", "count"] })
        let change = try #require(recorder.all.first { $0.key == "lastSync" })
        // The file holds whole seconds, as Foundation's does; the writer's journal record must say the same value.
        #expect(change.writer?.pid == child.pid, "the date change is attributed, not taken for an unknown writer")
        #expect(change.newValue == suite.primitiveValue(forKey: "lastSync"))
        #expect(suite.journalRecords(key: "lastSync").allSatisfy { !$0.isUnknownWriter })
    }

    @Test func observingAllSuitesPicksUpASuiteAnotherProcessCreates() throws {
        let scope = try ScopedFileStore()
        let recorder = ChangeRecorder()
        let observation = scope.store.addObserver { recorder.record($0) }
        defer { observation.cancel() }
        let child = try RunningChild(
            "prefs-test-helper", ["set", scope.configDirectory.path, "brand-new", "volume", "4"],
            environment: scope.environment)
        #expect(child.wait() == 0)
        #expect(eventually { !recorder.all.isEmpty })
        let change = try #require(recorder.all.first)
        #expect(change.suite == "brand-new")
        #expect(change.key == "volume")
        #expect(change.oldValue == nil)
        #expect(change.newValue == .int(4))
        #expect(change.writer?.pid == child.pid)
        #expect(scope.store.suiteNames() == ["brand-new"])
    }

    @Test func aProcesssOwnWriteIsDeliveredOnce() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("own")
        let recorder = ChangeRecorder()
        let observation = scope.store.addObserver { recorder.record($0) }
        defer { observation.cancel() }
        suite.set(.volume, to: 3)
        // Another store then writes another key; the watcher handles the renames in order, so once it reports that
        // one it has seen the first write's file too, and must have recognised it as already applied.
        try scope.reopen().suite("own").set(.counter, to: 1)
        #expect(eventually { recorder.all.contains { $0.key == "counter" } })
        let changes = recorder.all.filter { $0.key == "volume" }
        #expect(changes.count == 1)
        #expect(changes.first?.origin == .thisProcess)
    }

    @Test func aHandEditIsSeenAndJournaledAsAnUnknownWriter() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("hand")
        suite.set(.volume, to: 1)
        let recorder = ChangeRecorder()
        let observation = suite.changeNotifier.addObserver { recorder.record($0) }
        defer { observation.cancel() }
        let edited = try String(contentsOf: suite.fileURL, encoding: .utf8)
            .replacingOccurrences(of: "<integer>1</integer>", with: "<integer>4</integer>")
        try Data(edited.utf8).write(to: suite.fileURL)
        #expect(eventually { recorder.all.contains { $0.newValue == .int(4) } })
        let change = try #require(recorder.all.first { $0.newValue == .int(4) })
        #expect(change.origin == .otherProcess)
        #expect(change.writer == nil)
        #expect(eventually { suite.journalRecords(key: "volume").last?.isUnknownWriter == true })
        #expect(suite.journalRecords(key: "volume").last?.old == .int(1))
    }

    @Test func concurrentWriterProcessesLoseNoUpdate() throws {
        let scope = try ScopedFileStore()
        let writers = 4
        let keys = 100
        let children = try (0..<writers).map { index in
            try RunningChild(
                "prefs-test-helper", ["write", scope.configDirectory.path, "contended", "w\(index)", "\(keys)"],
                environment: scope.environment)
        }
        #expect(children.map { $0.wait() } == Array(repeating: 0, count: writers))
        let suite = try scope.reopen().suite("contended")
        #expect(suite.primitiveValues().count == writers * keys)
        for writer in 0..<writers {
            #expect(suite.primitiveValue(forKey: "w\(writer)-\(keys - 1)") == .int(keys - 1))
        }
    }

    /// A writer polling for the lock, which `flock` does not hand out fairly, waits its turn behind busy writers.
    ///
    /// It can lose the race to them for a long time, but they are making progress, so it must not give up. The
    /// timeout here is a third of the run's time on an idle machine (1.5 s of about 5 s), so that a timeout counted
    /// from the first try (as before) fails this test; it is long beside one commit, so that a loaded machine that
    /// stalls a writer holding the lock does not (300 ms did: four of six writers gave up with both cores busy).
    @Test func aWriterQueuedBehindBusyWritersWaitsItsTurn() throws {
        let scope = try ScopedFileStore()
        let writers = 6
        let keys = 400
        var environment = scope.environment
        environment["PREFS_TEST_LOCK_TIMEOUT_MS"] = "1500"
        let children = try (0..<writers).map { index in
            try RunningChild(
                "prefs-test-helper", ["write", scope.configDirectory.path, "queue", "w\(index)", "\(keys)"],
                environment: environment)
        }
        let statuses = children.map { $0.wait() }
        #expect(statuses == Array(repeating: 0, count: writers), "a writer gave up")
        #expect(try scope.reopen().suite("queue").primitiveValues().count == writers * keys)
    }

    @Test func aWriterKilledAtAnyMomentLeavesAParseableSuiteWithEveryCommittedKey() throws {
        let scope = try ScopedFileStore()
        for round in 0..<5 {
            let child = try RunningChild(
                "prefs-test-helper", ["write-forever", scope.configDirectory.path, "crash", "r\(round)"],
                environment: scope.environment)
            let stopAfter = Int.random(in: 3...60)
            #expect(child.waitForLine { $0 == "committed \(stopAfter)" })
            child.kill()
            let committed = child.output.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
            let suite = try scope.reopen().suite("crash")
            #expect(suite.problem == nil)
            for index in committed {
                #expect(suite.primitiveValue(forKey: "r\(round)-\(index)") != nil, "round \(round) lost key \(index)")
            }
            // Every writer stages under one name, so however many were killed nothing else accumulates.
            let files = Set(try FileManager.default.contentsOfDirectory(atPath: scope.configDirectory.path))
            #expect(
                files.subtracting([".crash.plist.new", ".crash.plist.previous"]) == [
                    "crash.plist", ".crash.plist.lock",
                ])
        }
    }
}
