import Foundation
import PrefsFileStore
import PrefsTestHelpers
import Testing

/// `prefs log` over a journal built by hand: every suite merged newest first, a span of time, a writer.
@Suite(.threadOfItsOwn) struct LogQueryTests {
    /// One change of a hand-built journal.
    private struct Record {
        let suite: String
        let key: String
        let old: Int?
        let new: Int
        let time: Date
        let process: String
        let pid: Int
    }

    /// Suites whose journals hold exactly these records, each its own write.
    private static func journaled(_ records: [Record]) throws -> InProcessPrefs {
        let prefs = try InProcessPrefs()
        for suite in Set(records.map(\.suite)) { try prefs.run("write", suite, "seed", "1") }
        let journal = XDGDirectories.journalDirectory(
            forConfigDirectory: prefs.configDirectory, environment: prefs.environment)
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for suite in Set(records.map(\.suite)) {
            var lines: [String] = []
            for (index, record) in records.enumerated() where record.suite == suite {
                let old = record.old.map { #""old":{"int":\#($0)},"# } ?? ""
                lines.append(
                    #"{"key":"\#(record.key)","new":{"int":\#(record.new)},\#(old)"pid":\#(record.pid),"#
                        + #""process":"\#(record.process)","staged":true,"suite":"\#(suite)","#
                        + #""time":"\#(format.string(from: record.time))","write":"w\#(index)"}"#)
                lines.append(#"{"committed":"w\#(index)","changes":1}"#)
            }
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(
                to: journal.appendingPathComponent("\(suite).jsonl"))
            // The suite holds what its history ends at, as a real one does: a history that claimed another value
            // would be mended by the next read (an unknown writer's change recorded).
            var held: [String: Any] = ["seed": "1"]
            for record in records where record.suite == suite { held[record.key] = record.new }
            try PropertyListSerialization.data(fromPropertyList: held, format: .xml, options: 0).write(
                to: prefs.suiteFile(suite))
        }
        return prefs
    }

    private static let day = TimeInterval(86_400)

    @Test func everySuiteIsMergedNewestFirstAndFilteredByTimeAndWriter() throws {
        let now = Date()
        let prefs = try Self.journaled([
            Record(
                suite: "app", key: "size", old: nil, new: 1, time: now - 9 * Self.day, process: "prefs write", pid: 100),
            Record(
                suite: "mail", key: "unread", old: nil, new: 1, time: now - 2 * Self.day, process: "mail-daemon",
                pid: 55),
            Record(suite: "app", key: "size", old: 1, new: 2, time: now - 3 * 3600, process: "prefs tui", pid: 812),
            Record(suite: "app", key: "zoom", old: nil, new: 5, time: now - 1800, process: "mail-sync", pid: 77),
            Record(suite: "mail", key: "unread", old: 1, new: 2, time: now - 1, process: "mail-daemon", pid: 55),
        ])
        let keys = { (lines: [String]) in lines.map { $0.components(separatedBy: "  ")[1] } }
        // A suite's log: oldest first, without the suite's name.
        #expect(
            keys(try prefs.run("log", "app").lines) == ["size: (unset) -> 1", "size: 1 -> 2", "zoom: (unset) -> 5"])
        // Every suite: newest first, each after its suite.
        let all = try prefs.run("log").lines
        #expect(all.count == 5, "\(all)")
        #expect(all.first?.contains("  mail unread: 1 -> 2  by mail-daemon pid 55") == true, "\(all)")
        #expect(all.last?.contains("  app size: (unset) -> 1  by prefs write pid 100") == true, "\(all)")
        #expect(
            keys(try prefs.run("log", "--since", "1h").lines) == ["mail unread: 1 -> 2", "app zoom: (unset) -> 5"])
        #expect(
            keys(try prefs.run("log", "--since", "7d", "--until", "1h").lines) == [
                "app size: 1 -> 2", "mail unread: (unset) -> 1",
            ])
        #expect(!keys(try prefs.run("log", "--since", "today").lines).contains("mail unread: (unset) -> 1"))
        #expect(keys(try prefs.run("log", "--writer", "PREFS TUI").lines) == ["app size: 1 -> 2"])
        #expect(keys(try prefs.run("log", "--writer", "mail").lines).count == 3)
        #expect(keys(try prefs.run("log", "--writer", "pid 77").lines) == ["app zoom: (unset) -> 5"])
        // A key, and the newest few of what the filters leave.
        #expect(try prefs.run("log", "app", "size", "--since", "30d", "-n", "1").lines.count == 1)
        #expect(try prefs.run("log", "--limit", "2").lines.count == 2)
        // JSON carries the writer's name, pid and the record's time.
        let json = try prefs.run("log", "--json", "--writer", "mail-sync").lines
        let record = try #require(try JSONSerialization.jsonObject(with: Data(json[0].utf8)) as? [String: Any])
        #expect(record["suite"] as? String == "app")
        #expect(record["process"] as? String == "mail-sync")
        #expect(record["pid"] as? Int == 77)
        #expect((record["time"] as? String)?.hasSuffix("Z") == true)
    }

    @Test func aTimeThatIsNoneIsOneLineNamingTheForms() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "app", "k", "1")
        let refused = try prefs.run("log", "--since", "last tuesday")
        #expect(refused.status != 0)
        #expect(refused.output.isEmpty)
        #expect(
            refused.error
                == "prefs: \"last tuesday\" is not a time: give ISO 8601 (2026-11-23T14:00:00Z), a local time "
                + "(2026-11-23 15:00), a time ago (90s, 5m, 2h, 7d) or today\n", "\(refused.error)")
    }

    /// A log cannot tell a secret from a schema it cannot read: it fails, naming the schema, rather than show values.
    @Test func aSchemaThatCannotBeReadFailsTheLogRatherThanShowAValue() throws {
        let prefs = try InProcessPrefs()
        try prefs.installSchema(
            """
            {"format": "prefs-schema", "version": 1, "suite": "vault", "keys": [
              {"id": "token", "type": "String", "kind": "string", "storage": "string", "optional": false,
               "debug": false, "default": "", "secret": true}
            ]}
            """)
        try prefs.run("write", "vault", "token", "tok-SECRET")
        let folder = prefs.home.url.appendingPathComponent("data/prefs/schemas")
        let manifests = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".json") }
        #expect(!manifests.isEmpty)
        for file in manifests { try Data("{ damaged".utf8).write(to: folder.appendingPathComponent(file)) }
        for arguments in [["log", "vault"], ["log"]] {
            let log = prefs.run(arguments)
            #expect(log.status == 1, "\(arguments)")
            #expect(!(log.output + log.error).contains("tok-SECRET"), "\(arguments)")
        }
    }
}
