import Foundation
import PrefsTestHelpers
import Testing

/// The smaller faults: a planted escape sequence never reaches a terminal through `prefs read SUITE KEY`, and a suite
/// name has one form on disk.
@Suite(.threadOfItsOwn) struct OutputAndNameFaultTests {
    /// A suite file a hand edit or another program left, with an OSC 8 link and a bell in one value.
    private static let planted = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>\
        <key>link</key><string>&#27;]8;;https://example.invalid&#27;\\click&#27;]8;;&#27;\\&#7;</string>\
        <key>multi</key><string>a
        b\tc</string>\
        </dict></plist>
        """

    @Test func aPlantedEscapeSequenceIsShownEscapedEvenInAPipe() throws {
        let cli = try InProcessPrefs()
        try FileManager.default.createDirectory(at: cli.configDirectory, withIntermediateDirectories: true)
        try Data(Self.planted.utf8).write(to: cli.suiteFile("s"))
        let read = try cli.run("read", "s", "link")
        #expect(read.status == 0)
        #expect(!read.output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
        #expect(read.output == "\\e]8;;https://example.invalid\\e\\click\\e]8;;\\e\\\\u{7}\n")
        // A multi-line value stays usable in a pipe; --json gives the exact text.
        #expect(try cli.run("read", "s", "multi").output == "a\nb\tc\n")
        let json = try cli.run("read", "s", "link", "--json")
        #expect(json.output.contains(#"\u001b]8;;https:"#), "\(json.output)")
    }

    @Test func aSuiteNameNotInNFCIsRefusedNamingItsNFCForm() throws {
        let cli = try InProcessPrefs()
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(try cli.run("write", composed, "k", "v").status == 0)
        let refused = try cli.run("write", decomposed, "k", "w")
        #expect(refused.status == 1)
        #expect(
            refused.error
                == "prefs: invalid suite name \"\(decomposed)\": it is not in Unicode normalization form C, so it "
                + "would name another suite than \"\(composed)\", which looks the same; use that\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: cli.configDirectory.path)
            .filter { $0.hasSuffix(".plist") }
        #expect(files.map { Array($0.utf8) } == [Array("\(composed).plist".utf8)])
        #expect(try cli.run("read", composed, "k").output == "v\n")
    }
}
