import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

@Suite(.threadOfItsOwn) struct FileStoreTests {
    @Test func suitesAreXMLPropertyListsReadableOnlyByTheirOwner() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("com.example.format")
        suite.set(.flavor, to: .chocolate)
        suite.set(.started, to: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(suite.fileURL.path == scope.configDirectory.appendingPathComponent("com.example.format.plist").path)
        let text = try String(contentsOf: suite.fileURL, encoding: .utf8)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"))
        #expect(text.contains("<key>flavor</key>\n\t<string>chocolate</string>"))
        #expect(text.contains("<date>2023-11-14T22:13:20Z</date>"))
        let attributes = try FileManager.default.attributesOfItem(atPath: suite.fileURL.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(scope.store.suiteNames() == ["com.example.format"])
    }

    @Test func plainUserDefaultsProgramsAndTheFileStoreShareSuites() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("shared")
        let path = scope.configDirectory.appendingPathComponent("shared").path
        suite.set(.volume, to: 8)
        #expect(try ChildProcess.run("prefs-test-helper", ["ud-read", path, "volume"]).standardOutput == "8\n")
        #expect(try ChildProcess.run("prefs-test-helper", ["ud-write", path, "name", "Zoë"]).status == 0)
        #expect(eventually { suite.get(.name) == "Zoë" })
        suite.set(.volume, to: 9)
        #expect(suite.get(.name) == "Zoë")
        #expect(try ChildProcess.run("prefs-test-helper", ["ud-read", path, "name"]).standardOutput == "Zoë\n")
    }

    @Test func launchArgumentsOverrideReadsAndAreNeverWritten() throws {
        let scope = try ScopedFileStore(launchArguments: LaunchArguments(["-volume", "3", "-flavor", "strawberry"]))
        let suite = try scope.store.suite("args")
        suite.set(.counter, to: 1)
        #expect(suite.get(.volume) == 3)
        #expect(suite.get(.flavor) == .strawberry)
        let text = try String(contentsOf: suite.fileURL, encoding: .utf8)
        #expect(!text.contains("volume") && !text.contains("strawberry"))
    }

    @Test func aTransactionCommitsManyKeysWithOneRename() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("batch")
        suite.set(.counter, to: 1)
        let before = try FileManager.default.attributesOfItem(atPath: suite.fileURL.path)[.systemFileNumber] as? Int
        let applied = try suite.transaction { batch in
            try batch.set(.counter, to: 2)
            try batch.set(.flavor, to: .strawberry)
            batch.remove(.volume)
        }
        #expect(applied.map(\.key) == ["counter", "flavor"])
        let after = try FileManager.default.attributesOfItem(atPath: suite.fileURL.path)[.systemFileNumber] as? Int
        #expect(before != after)
        #expect(suite.journalRecords().count == 3)
        #expect(try suite.lastWrite().map(\.key) == ["counter", "flavor"])
        #expect(try scope.reopen().suite("batch").get(.flavor) == .strawberry)
    }

    @Test func theHistoryRecordsWhoChangedWhat() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("journal")
        suite.set(.counter, to: 1)
        suite.set(.counter, to: 2)
        suite.remove(.counter)
        let history: any PersistentKeyValueHistory = suite
        let changes = try history.history(key: "counter", limit: nil)
        #expect(changes.map(\.newValue) == [.int(1), .int(2), nil])
        #expect(changes.map(\.oldValue) == [nil, .int(1), .int(2)])
        #expect(changes.allSatisfy { $0.writer?.pid == ProcessInfo.processInfo.processIdentifier })
        #expect(changes.allSatisfy { $0.writer?.processName == ProcessInfo.processInfo.processName })
        #expect(try history.history(key: "counter", limit: 2).map(\.newValue) == [.int(2), nil])
        #expect(try history.history(key: "other", limit: nil).isEmpty)
        #expect(try history.lastWrite().map(\.key) == ["counter"])
    }

    @Test(arguments: ["bounded", String(repeating: "j", count: SuiteName.maximumLength)])
    func theJournalStaysBounded(name: String) throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite(name)
        let big = String(repeating: "x", count: 4000)
        for index in 0..<300 { try suite.commit(["k": .string("\(index)\(big)")]) }
        let journal = scope.store.journalDirectory.appendingPathComponent("\(name).jsonl")
        let size = try FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int ?? 0
        #expect(size <= 512 * 1024)
        let records = suite.journalRecords()
        // Each record holds an old and a new 4 KB value, so 512 KiB hold about 64 of them, and compaction keeps half.
        #expect(records.count >= 16 && records.count < 300)
        #expect(records.last?.new == .string("299\(big)"))
    }

    @Test func separateConfigDirectoriesKeepSeparateJournals() {
        let environment = ["HOME": "/home/someone", "XDG_STATE_HOME": "/state"]
        let first = XDGDirectories.journalDirectory(
            forConfigDirectory: URL(fileURLWithPath: "/a/config"), environment: environment)
        let second = XDGDirectories.journalDirectory(
            forConfigDirectory: URL(fileURLWithPath: "/b/config"), environment: environment)
        #expect(first != second)
        #expect(first.path.hasPrefix("/state/prefs/journal/"))
        #expect(XDGDirectories.configHome(environment: ["HOME": "/home/someone"]).path == "/home/someone/.config")
        #expect(
            XDGDirectories.configHome(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "relative"]).path == "/h/.config")
        #expect(XDGDirectories.stateHome(environment: ["HOME": "/h"]).path == "/h/.local/state")
        // System folders: the absolute ones in order, else /etc/xdg.
        #expect(XDGDirectories.configDirectories(environment: [:]).map(\.path) == ["/etc/xdg"])
        #expect(XDGDirectories.configDirectories(environment: ["XDG_CONFIG_DIRS": ""]).map(\.path) == ["/etc/xdg"])
        #expect(
            XDGDirectories.configDirectories(environment: ["XDG_CONFIG_DIRS": "/opt/xdg:relative::/etc/xdg"])
                .map(\.path) == ["/opt/xdg", "/etc/xdg"])
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("a/b", "it contains \"/\""),
        ("..", "it contains \"..\""),
        ("x..y", "it contains \"..\""),
        ("nul\u{0}", "it contains a control character"),
        ("esc\u{1B}[2J", "it contains a control character"),
        (".hidden", "it starts with \".\""),
        (String(repeating: "a", count: 244), "it is longer than 243 bytes"),
    ])
    func hostileSuiteNamesAreRejected(name: String, reason: String) throws {
        let scope = try ScopedFileStore()
        #expect(throws: FileStoreError.invalidSuiteName(name, reason: reason)) { try scope.store.suite(name) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scope.configDirectory.path).isEmpty)
    }

    @Test func reasonableSuiteNamesAreAccepted() throws {
        let scope = try ScopedFileStore()
        for name in ["com.example.app", "ünïcødé 漢字", "a-b_c", String(repeating: "a", count: 243)] {
            let suite = try scope.store.suite(name)
            suite.set(.counter, to: 1)
            #expect(FileManager.default.fileExists(atPath: suite.fileURL.path))
        }
    }
}
