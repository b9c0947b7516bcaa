import Foundation
import PrefsTestHelpers
import Testing

/// A write killed before its swap leaves its staging file: a version that never took effect.
///
/// No read ever brings it back, even when the suite is later emptied or mangled by hand; a person restores only the committed previous
/// version, explicitly.
@Suite struct KilledWriteTests {
    /// Starts `prefs import` of a large document and kills it with SIGKILL as soon as its staging file holds data,
    /// until one is killed before its swap; returns that staging file's bytes.
    private static func killAnImportBeforeItsSwap(_ cli: PrefsCLI, document: URL) throws -> Data? {
        let staging = cli.configDirectory.appendingPathComponent(".s.plist.new")
        for _ in 0..<40 {
            let before = try Data(contentsOf: cli.suiteFile("s"))
            let child = try cli.start("import", "s", document.path)
            var size = 0
            while !child.hasExited, size == 0 {
                size = (try? FileManager.default.attributesOfItem(atPath: staging.path)[.size] as? Int) ?? 0
            }
            child.kill()
            _ = child.wait()
            // Killed before the swap: the suite is as it was, and the staging file holds the import.
            if try Data(contentsOf: cli.suiteFile("s")) == before, let left = try? Data(contentsOf: staging),
                left.count > 1000
            {
                return left
            }
        }
        return nil
    }

    @Test(arguments: [Data(), Data("<?xml version=\"1.0\"?><plist><dict><key>typo".utf8)])
    func aReadNeverBringsBackAWriteThatNeverHappened(damage: Data) throws {
        let cli = try PrefsCLI()
        try cli.run("write", "s", "kept", "yes")
        let members = (0..<40_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
        let document = cli.home.url.appendingPathComponent("import.json")
        try Data(("{" + members + "}").utf8).write(to: document)
        let left = try #require(try Self.killAnImportBeforeItsSwap(cli, document: document))
        // A hand edit then empties or mangles the suite.
        try damage.write(to: cli.suiteFile("s"))
        for arguments in [["read", "s", "k1"], ["read", "s"], ["export", "s"], ["log", "s"]] {
            let result = try cli.run(arguments)
            #expect(!result.output.contains("k1"), "\(arguments) returned the import that never happened")
            if arguments != ["log", "s"] {
                #expect(result.status == 1, "\(arguments)")
                #expect(result.error.contains("is unreadable"), "\(arguments): \(result.error)")
            }
        }
        let write = try cli.run("write", "s", "other", "1")
        #expect(write.status == 1)
        // Nothing was restored, moved or written.
        #expect(try Data(contentsOf: cli.suiteFile("s")) == damage)
        let staging = cli.configDirectory.appendingPathComponent(".s.plist.new")
        #expect(try Data(contentsOf: staging) == left)
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.configDirectory.path)
        #expect(!names.contains { $0.contains(".corrupt-") })
        // The explicit restore takes the committed previous version, never the staging file.
        let recovered = try cli.run("recover", "s", "--from-previous")
        #expect(recovered.status == 1)
        #expect(recovered.error.contains("there is no readable previous version"))
        #expect(try cli.run("recover", "s").status == 0)
        #expect(try cli.run("read", "s", "k1").status == 1)
    }

    @Test func aLeftoverStagingFileIsRemovedOnceTheSuiteIsFoundValidUnderTheLock() throws {
        let cli = try PrefsCLI()
        try cli.run("write", "s", "kept", "yes")
        let members = (0..<40_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
        let document = cli.home.url.appendingPathComponent("import.json")
        try Data(("{" + members + "}").utf8).write(to: document)
        _ = try #require(try Self.killAnImportBeforeItsSwap(cli, document: document))
        #expect(try cli.run("read", "s").output == "kept = yes\n")
        // A write that changes nothing still takes the lock and finds the suite valid.
        #expect(try cli.run("write", "s", "kept", "yes").status == 0)
        let staging = cli.configDirectory.appendingPathComponent(".s.plist.new")
        #expect(((try? Data(contentsOf: staging)) ?? Data()).isEmpty)
        #expect(try cli.run("read", "s").output == "kept = yes\n")
    }
}
