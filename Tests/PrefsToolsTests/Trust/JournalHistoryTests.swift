import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// The journal outlives every process that writes it: a writer killed mid-line, a full disk, a huge value or a
/// runaway line never cost the history of other keys.
@Suite(.threadOfItsOwn) struct JournalHistoryTests {
    private static func journal(_ scope: ScopedFileStore, _ suite: String) -> URL {
        scope.store.journalDirectory.appendingPathComponent("\(suite).jsonl")
    }

    private static func append(_ text: String, to file: URL) throws {
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    @Test func aTornLastLineDoesNotSwallowTheNextRecord() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("torn")
        try suite.commit(["a": .int(1)])
        // What a writer killed mid-append, or a full disk, leaves: half a line, no newline.
        try Self.append(#"{"key":"a","new":{"int":2"#, to: Self.journal(scope, "torn"))
        try scope.reopen().suite("torn").commit(["b": .int(2)])
        let history = try scope.reopen().suite("torn").journalRecords()
        #expect(history.map(\.key) == ["a", "b"])
        #expect(history.last?.new == .int(2))
    }

    @Test func compactionKeepsTheNewestRecordOfEveryKey() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("busy")
        try suite.commit(["rare": .string("set once, long ago")])
        let filler = String(repeating: "x", count: 2_000)
        var index = 0
        var compacted = false
        while !compacted {
            try suite.commit(["frequent": .string("\(index) \(filler)")])
            index += 1
            let size = (try? FileManager.default.attributesOfItem(atPath: Self.journal(scope, "busy").path)[.size])
            compacted = index > 300 && ((size as? NSNumber)?.intValue ?? 0) < 400_000
        }
        let rare = suite.journalRecords(key: "rare")
        #expect(rare.count == 1)
        #expect(rare.first?.new == .string("set once, long ago"))
        #expect(suite.journalRecords(key: "frequent").last?.new == .string("\(index - 1) \(filler)"))
    }

    /// A suite whose keys' newest records alone pass the size limit: the journal must not be rewritten at every
    /// write (each rewrite re-reads every record), yet keep every key's newest record.
    @Test func aJournalOfManyKeysIsNotCompactedAtEveryWrite() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("wide")
        var values: [String: PropertyListValue?] = [:]
        for index in 0..<6_000 { values["key-\(index)"] = .string("value \(index) of a suite with many keys") }
        try suite.commit(values)
        let file = Self.journal(scope, "wide")
        func inode() throws -> Int? {
            (try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? NSNumber)?.intValue
        }
        let first = try inode()
        for index in 0..<20 { try scope.reopen().suite("wide").commit(["key-0": .int(index)]) }
        #expect(try inode() == first, "no write compacted the journal again")
        let history = try scope.reopen().suite("wide").journalRecords()
        #expect(Set(history.map(\.key)).count == 6_000)
        #expect(history.last?.new == .int(19))
    }

    @Test func aValueTooLargeForTheJournalIsRecordedWithoutWipingIt() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("huge")
        try suite.commit(["small": .int(1)])
        let watcher = try RunningChild(
            "prefs-test-helper", ["watch", scope.configDirectory.path, "huge"], environment: scope.environment)
        defer { watcher.kill() }
        #expect(watcher.waitForLine { $0 == "ready" })
        let big = String(repeating: "y", count: 300_000)
        try suite.commit(["big": .string(big)])
        let history = suite.journalRecords()
        #expect(history.map(\.key) == ["small", "big"])
        #expect(history.last?.isAbridged == true && history.last?.new == nil)
        let size = try FileManager.default.attributesOfItem(atPath: Self.journal(scope, "huge").path)[.size]
        #expect(((size as? NSNumber)?.intValue ?? .max) < 2_000)
        // Another process still tells who made the change.
        let pid = ProcessInfo.processInfo.processIdentifier
        #expect(watcher.waitForLine { $0.hasPrefix("change big ") && $0.hasSuffix(" otherProcess \(pid)") })
    }

    @Test func aHugeForeignLineIsDroppedAtCompactionAndEverythingElseStays() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("flooded")
        try suite.commit(["before": .int(1)])
        try Self.append(String(repeating: "z", count: 3_000_000) + "\n", to: Self.journal(scope, "flooded"))
        try suite.commit(["after": .int(2)])
        #expect(suite.journalRecords().map(\.key) == ["before", "after"])
        let size = try FileManager.default.attributesOfItem(atPath: Self.journal(scope, "flooded").path)[.size]
        #expect(((size as? NSNumber)?.intValue ?? .max) < 512 * 1024)
    }

    @Test func compactionLeftoversOfKilledWritersAreRemoved() throws {
        let scope = try ScopedFileStore()
        try scope.store.suite("any").commit(["k": .int(1)])
        // A pid that was running a moment ago and no longer is, and this process's own.
        let helper = Process()
        helper.executableURL = URL(fileURLWithPath: "/bin/true")
        try helper.run()
        helper.waitUntilExit()
        let directory = scope.store.journalDirectory
        let dead = directory.appendingPathComponent(".prefs-journal-\(helper.processIdentifier)-1.tmp")
        let live = directory.appendingPathComponent(".prefs-journal-\(ProcessInfo.processInfo.processIdentifier)-2.tmp")
        try Data(repeating: 0, count: 7_000).write(to: dead)
        try Data().write(to: live)
        try scope.reopen().suite("any").commit(["k": .int(2)])
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
    }
}
