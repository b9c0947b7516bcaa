import Foundation
import PrefsFileStore
import PrefsKit
import PrefsSystem
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// The history is exactly what happened: a journal record counts only once its write has committed, and undo applies
/// all of a write's records or refuses, whatever its size.
@Suite(.threadOfItsOwn) struct CommittedHistoryTests {
    /// A JSON document setting `count` keys, `k0`…, to `value`.
    private static func document(count: Int, value: Int) -> Data {
        Data(("{" + (0..<count).map { "\"k\($0)\": \(value)" }.joined(separator: ",") + "}").utf8)
    }

    private static func values(_ cli: InProcessPrefs) throws -> [String: Int] {
        let export = try cli.run("export", "s", "--format", "json")
        let object = try JSONSerialization.jsonObject(with: Data(export.output.utf8)) as? [String: Int]
        return try #require(object)
    }

    /// 30,000 records are several MiB of journal, more than the 4 MiB first read: the undo still reverts all of them.
    @Test func undoOfAWriteBiggerThanTheFirstWindowRevertsItWhole() throws {
        let cli = try InProcessPrefs()
        #expect(try cli.run("import", "s", "-", input: Self.document(count: 30_000, value: 1)).status == 0)
        #expect(try cli.run("import", "s", "-", input: Self.document(count: 30_000, value: 2)).status == 0)
        let undo = try cli.run("undo", "s")
        #expect(undo.status == 0, "\(undo.error)")
        let values = try Self.values(cli)
        #expect(values.count == 30_000)
        #expect(values.values.allSatisfy { $0 == 1 }, "\(values.values.filter { $0 != 1 }.count) keys stayed 2")
    }

    /// Compaction keeps the newest record of every key, so an older write whose keys were written again loses some
    /// of its records: undoing it refuses, rather than reverting the half it still has.
    @Test func aWriteTheJournalKeepsInPartIsNotUndoneInPart() throws {
        let cli = try InProcessPrefs()
        #expect(try cli.run("import", "s", "-", input: Self.document(count: 30_000, value: 1)).status == 0)
        // Three writes of the first half: the journal doubles past its last compaction and is compacted again.
        for value in 2...4 {
            #expect(try cli.run("import", "s", "-", input: Self.document(count: 15_000, value: value)).status == 0)
        }
        #expect(try cli.run("undo", "s").status == 0)
        let values = try Self.values(cli)
        #expect((0..<30_000).allSatisfy { values["k\($0)"] == ($0 < 15_000 ? 3 : 1) })
        let before = try Data(contentsOf: cli.suiteFile("s"))
        let refused = try cli.run("undo", "s")
        #expect(refused.status == 1)
        #expect(
            refused.error
                == "prefs: the write changed 30000 keys, and the history keeps only 15000 of them; nothing was undone\n"
        )
        #expect(try Data(contentsOf: cli.suiteFile("s")) == before)
    }

    /// An import stopped after its journal grew but before its swap, as a writer killed there leaves things.
    ///
    /// Its records never count, and the write before it can still be undone. The swap is failed in the file store's
    /// system-call door (``SyscallFaults``), so the stop is where it matters every time.
    @Test func recordsOfAWriteKilledBeforeItsSwapNeverCount() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "s", "theme", "dark")
        try cli.run("write", "s", "theme", "light")
        let journal = try #require(
            FileManager.default.enumerator(at: cli.home.url, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.first { $0.lastPathComponent == "s.jsonl" })
        let suite = try Data(contentsOf: cli.suiteFile("s"))
        let journalBefore = try Data(contentsOf: journal).count
        let swap = SyscallFaults.shared.inject(
            .ioError, into: ["rename", "renameExchange"], under: cli.configDirectory.path)
        let stopped = try cli.run("import", "s", "-", input: Self.document(count: 2_000, value: 5))
        swap.cancel()
        #expect(stopped.status == 1)
        #expect(try Data(contentsOf: journal).count > journalBefore + 50_000, "the import's records are in the journal")
        #expect(try Data(contentsOf: cli.suiteFile("s")) == suite, "the suite is as it was")
        #expect(!(try cli.run("log", "s").output.contains("k1")))
        let undo = try cli.run("undo", "s")
        #expect(undo.status == 0, "\(undo.error)")
        #expect(try cli.run("read", "s", "theme").output == "dark\n")
        #expect(try cli.run("read", "s", "k1").status == 1)
    }

    /// A writer killed between its swap and its commit line: the next writer finds the file holding what the
    /// records say, and commits them, so the history is whole again.
    @Test func aWriteKilledAfterItsSwapIsCommittedByTheNextWriter() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("s")
        try suite.commit(["a": .int(1)])
        try suite.commit(["b": .int(2), "c": .int(3)])
        // The commit line is the journal's last line: without it, the write is not history yet.
        let journal = scope.store.journalDirectory.appendingPathComponent("s.jsonl")
        var lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
        #expect(lines.last?.hasPrefix(#"{"committed":"#) == true)
        lines.removeLast()
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: journal)
        let reopened = try scope.reopen().suite("s")
        #expect(reopened.journalRecords().map(\.key) == ["a"])
        try reopened.commit(["d": .int(4)])
        #expect(try scope.reopen().suite("s").journalRecords().map(\.key) == ["a", "b", "c", "d"])
    }
}
