import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// The history is exactly what happened: a journal record counts only once its write has committed, and undo applies
/// all of a write's records or refuses, whatever its size.
@Suite struct CommittedHistoryTests {
    /// A JSON document setting `count` keys, `k0`…, to `value`.
    private static func document(count: Int, value: Int) -> Data {
        Data(("{" + (0..<count).map { "\"k\($0)\": \(value)" }.joined(separator: ",") + "}").utf8)
    }

    private static func values(_ cli: PrefsCLI) throws -> [String: Int] {
        let export = try cli.run("export", "s", "--format", "json")
        let object = try JSONSerialization.jsonObject(with: Data(export.output.utf8)) as? [String: Int]
        return try #require(object)
    }

    /// 30,000 records are several MiB of journal, more than the 4 MiB first read: the undo still reverts all of them.
    @Test func undoOfAWriteBiggerThanTheFirstWindowRevertsItWhole() throws {
        let cli = try PrefsCLI()
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
        let cli = try PrefsCLI()
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

    /// An import killed after its journal grew but before its swap: its records never count, and the write before it
    /// can still be undone.
    @Test func recordsOfAWriteKilledBeforeItsSwapNeverCount() throws {
        let cli = try PrefsCLI()
        try cli.run("write", "s", "theme", "dark")
        try cli.run("write", "s", "theme", "light")
        let document = cli.home.url.appendingPathComponent("import.json")
        try Self.document(count: 20_000, value: 5).write(to: document)
        let journal = try #require(
            FileManager.default.enumerator(at: cli.home.url, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.first { $0.lastPathComponent == "s.jsonl" })
        var killedBeforeSwap = false
        for _ in 0..<40 where !killedBeforeSwap {
            let suite = try Data(contentsOf: cli.suiteFile("s"))
            let grown = try Data(contentsOf: journal).count + 100_000
            let child = try cli.start("import", "s", document.path)
            var size = 0
            while !child.hasExited, size < grown {
                size = (try? FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int) ?? 0
            }
            child.kill()
            _ = child.wait()
            let now = try Data(contentsOf: cli.suiteFile("s"))
            killedBeforeSwap = size >= grown && now == suite
        }
        #expect(killedBeforeSwap)
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
