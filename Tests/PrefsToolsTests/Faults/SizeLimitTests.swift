import Foundation
import PrefsFileStore
import PrefsTestHelpers
import Testing

/// A write that would make a suite larger than readers accept is refused, and nothing is written: before, three
/// successful imports left a suite that every later read, write and undo refused.
///
/// The limit is 64 MiB, the most every reader takes (``PropertyListDocument/maximumSize``); the test lowers it to
/// 4 MiB for its store (``FileStore/maximumFileSizeInTask``), so that it does not push 64 MiB through a debug build.
@Suite(.threadOfItsOwn) struct SizeLimitTests {
    /// A JSON document of `count` keys starting with `prefix`, each a string of `kibibytes` KiB.
    private static func document(prefix: String, count: Int, kibibytes: Int) -> Data {
        let value = String(repeating: "x", count: kibibytes * 1024)
        let members = (0..<count).map { "\"\(prefix)\($0)\": \"\(value)\"" }
        return Data(("{" + members.joined(separator: ",") + "}").utf8)
    }

    @Test func theLimitIsWhatEveryReaderTakes() {
        #expect(PropertyListDocument.maximumSize == 64 * 1024 * 1024)
    }

    @Test func aWritePastTheReadersLimitIsRefusedAndTheSuiteStaysUsable() throws {
        try FileStore.$maximumFileSizeInTask.withValue(4 * 1024 * 1024) {
            let cli = try InProcessPrefs()
            let first = try cli.run("import", "big", "-", input: Self.document(prefix: "a", count: 30, kibibytes: 128))
            #expect(first.status == 0, "\(first.error)")
            let before = try Data(contentsOf: cli.suiteFile("big"))
            let second = try cli.run("import", "big", "-", input: Self.document(prefix: "b", count: 3, kibibytes: 128))
            #expect(second.status == 1)
            #expect(second.error.hasPrefix("prefs: suite \"big\" would grow to 4.1"), "\(second.error)")
            #expect(second.error.hasSuffix(" MiB, past the 4 MiB a suite file may hold; nothing was written\n"))
            #expect(try Data(contentsOf: cli.suiteFile("big")) == before)
            // Reads, writes and undo go on working.
            #expect(try cli.run("read", "big", "a0").output.count == 128 * 1024 + 1)
            #expect(try cli.run("write", "big", "small", "1").status == 0)
            #expect(try cli.run("undo", "big").status == 0)
            #expect(try cli.run("read", "big", "small").status == 1)
            let json = try cli.run(
                "--json", "import", "big", "-", input: Self.document(prefix: "c", count: 1, kibibytes: 1024))
            #expect(json.status == 1)
            #expect(json.error.contains(#""code":"too-large""#), "\(json.error)")
        }
    }
}
