import Foundation
import PrefsTestHelpers
import Testing

/// A write that would make a suite larger than readers accept is refused, and nothing is written: before, three
/// successful imports left a suite that every later read, write and undo refused.
@Suite struct SizeLimitTests {
    /// A JSON document of `count` keys starting with `prefix`, each a string of `mebibytes` MiB.
    private static func document(prefix: String, count: Int, mebibytes: Int) -> Data {
        let value = String(repeating: "x", count: mebibytes * 1024 * 1024)
        let members = (0..<count).map { "\"\(prefix)\($0)\": \"\(value)\"" }
        return Data(("{" + members.joined(separator: ",") + "}").utf8)
    }

    @Test func aWritePastTheReadersLimitIsRefusedAndTheSuiteStaysUsable() throws {
        let cli = try InProcessPrefs()
        let first = try cli.run("import", "big", "-", input: Self.document(prefix: "a", count: 30, mebibytes: 2))
        #expect(first.status == 0, "\(first.error)")
        let before = try Data(contentsOf: cli.suiteFile("big"))
        let second = try cli.run("import", "big", "-", input: Self.document(prefix: "b", count: 3, mebibytes: 2))
        #expect(second.status == 1)
        #expect(second.error.hasPrefix("prefs: suite \"big\" would grow to 66"), "\(second.error)")
        #expect(second.error.hasSuffix(" MiB, past the 64 MiB a suite file may hold; nothing was written\n"))
        #expect(try Data(contentsOf: cli.suiteFile("big")) == before)
        // Reads, writes and undo go on working.
        #expect(try cli.run("read", "big", "a0").output.count == 2 * 1024 * 1024 + 1)
        #expect(try cli.run("write", "big", "small", "1").status == 0)
        #expect(try cli.run("undo", "big").status == 0)
        #expect(try cli.run("read", "big", "small").status == 1)
        let json = try cli.run(
            "--json", "import", "big", "-", input: Self.document(prefix: "c", count: 1, mebibytes: 5))
        #expect(json.status == 1)
        #expect(json.error.contains(#""code":"too-large""#), "\(json.error)")
    }
}
