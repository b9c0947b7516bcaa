import Foundation
import PrefsCore
import PrefsFileStore
import PrefsSystem
import PrefsTestHelpers
import PrefsTools
import Testing

/// A write stopped before its swap leaves its staging file: a version that never took effect.
///
/// No read ever brings it back, even when the suite is later emptied or mangled by hand; a person restores only the
/// committed previous version, explicitly. The stop is made where it matters every time, by failing the swap and the
/// cleanup after it in the file store's system-call door (``SyscallFaults``), as a writer killed between the two
/// leaves things; no process is killed at a random moment and retried.
@Suite(.threadOfItsOwn, .damagedFilesReadOnce) struct KilledWriteTests {
    private static let members = """
        {\((0..<200).map { "\"k\($0)\": \($0)" }.joined(separator: ","))}
        """

    /// Imports a large document into suite `s` with its swap and its cleanup failing; returns the staging file's bytes.
    private static func importStoppedBeforeItsSwap(_ fixture: ToolFixture) throws -> Data {
        // The swap fails, and the cleanup after it finds nothing to remove: the staging file stays, full.
        let swap = SyscallFaults.shared.inject(
            .ioError, into: ["rename", "renameExchange"], under: fixture.configDirectory.path)
        let cleanup = SyscallFaults.shared.inject(
            .noSuchFileOrDirectory, into: ["unlink"], under: fixture.configDirectory.path)
        defer {
            swap.cancel()
            cleanup.cancel()
        }
        #expect(throws: (any Error).self) {
            try SuiteTransfer.importDocument(
                Data(members.utf8), named: "import.json", into: "s", replace: false, force: true, in: fixture.context)
        }
        return try Data(contentsOf: fixture.configDirectory.appendingPathComponent(".s.plist.new"))
    }

    private static func file(_ fixture: ToolFixture) -> URL {
        fixture.configDirectory.appendingPathComponent("s.plist")
    }

    @Test(arguments: [Data(), Data("<?xml version=\"1.0\"?><plist><dict><key>typo".utf8)])
    func aReadNeverBringsBackAWriteThatNeverHappened(damage: Data) throws {
        let fixture = try ToolFixture()
        try WriteRequest(suite: "s", key: "kept", value: "yes").perform(in: fixture.context)
        let before = try Data(contentsOf: Self.file(fixture))
        let left = try Self.importStoppedBeforeItsSwap(fixture)
        #expect(left.count > 1000, "the staging file holds the import")
        #expect(try Data(contentsOf: Self.file(fixture)) == before, "the suite is as it was")

        // A hand edit then empties or mangles the suite.
        try damage.write(to: Self.file(fixture))
        // Each as the next command would run it, on the store opened afresh.
        let reads: [(String, () throws -> Void)] = [
            ("read s k1", { try ReadRequest(suite: "s", key: "k1").perform(in: fixture.reopened()) }),
            ("read s", { try ReadRequest(suite: "s").perform(in: fixture.reopened()) }),
            ("export s", { _ = try SuiteTransfer.export("s", as: .plist, in: fixture.reopened()) }),
        ]
        for (name, read) in reads {
            let result = fixture.run(read)
            #expect(!result.output.contains("k1"), "\(name) returned the import that never happened")
            #expect("\(result.thrown.map { "\($0)" } ?? "")".contains("is unreadable"), "\(name): \(result)")
        }
        let log = fixture.run {
            try SuiteLog.print(LogQuery(suite: "s"), utc: true, json: false, in: fixture.reopened())
        }
        #expect(!log.output.contains("k1"), "the history holds no change of the import")
        #expect(throws: (any Error).self) {
            try WriteRequest(suite: "s", key: "other", value: "1").perform(in: fixture.reopened())
        }
        // Nothing was restored, moved or written.
        #expect(try Data(contentsOf: Self.file(fixture)) == damage)
        #expect(try Data(contentsOf: fixture.configDirectory.appendingPathComponent(".s.plist.new")) == left)
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.configDirectory.path)
        #expect(!names.contains { $0.contains(".corrupt-") })
        // The explicit restore takes the committed previous version, never the staging file.
        #expect(throws: (any Error).self) {
            try SuiteRecovering.recover("s", from: .previous, in: fixture.reopened())
        }
        _ = try SuiteRecovering.recover("s", from: .nothing, in: fixture.reopened())
        #expect(throws: (any Error).self) { try ReadRequest(suite: "s", key: "k1").perform(in: fixture.reopened()) }
    }

    @Test func aLeftoverStagingFileIsRemovedOnceTheSuiteIsFoundValidUnderTheLock() throws {
        let fixture = try ToolFixture()
        try WriteRequest(suite: "s", key: "kept", value: "yes").perform(in: fixture.context)
        _ = try Self.importStoppedBeforeItsSwap(fixture)
        let read = { fixture.run { try ReadRequest(suite: "s").perform(in: fixture.reopened()) }.output }
        #expect(read() == "kept = yes\n")
        // A write that changes nothing still takes the lock and finds the suite valid.
        try WriteRequest(suite: "s", key: "kept", value: "yes").perform(in: fixture.reopened())
        let staging = fixture.configDirectory.appendingPathComponent(".s.plist.new")
        #expect(((try? Data(contentsOf: staging)) ?? Data()).isEmpty)
        #expect(read() == "kept = yes\n")
    }
}
