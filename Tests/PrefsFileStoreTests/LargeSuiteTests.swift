import Foundation
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

@testable import PrefsFileStore

/// A suite file larger than `SuiteImage.slimmingThreshold` is kept as fingerprints of its entries, not as bytes: it
/// must still see every change another program makes, re-read only what changed, and write only its own keys.
@Suite(.threadOfItsOwn) struct LargeSuiteTests {
    /// 6,000 entries (about 330 KB) laid out as no PrefsKit writer would: two spaces, a comment, keys out of order.
    private static func handWrittenFile() -> (text: String, values: [String: PropertyListValue]) {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            <!-- kept by hand -->

            """
        var values: [String: PropertyListValue] = [:]
        for index in (0..<6_000).reversed() {
            let key = String(format: "k%05d", index)
            text += "  <key>\(key)</key>  <string>value \(index)</string>\n"
            values[key] = .string("value \(index)")
        }
        text += "</dict>\n</plist>\n"
        return (text, values)
    }

    @Test func anotherProcesssWriteIsSeenAndOurWriteLeavesEveryOtherByte() throws {
        let scope = try ScopedFileStore()
        let (text, values) = Self.handWrittenFile()
        #expect(text.utf8.count > SuiteImage.slimmingThreshold)
        let file = scope.configDirectory.appendingPathComponent("big.plist")
        try Data(text.utf8).write(to: file)
        let suite = try scope.store.suite("big")
        #expect(suite.primitiveValues() == values)
        #expect(!suite.keepsFileBytes)
        let recorder = ChangeRecorder()
        let observation = scope.store.addObserver { recorder.record($0) }
        defer { observation.cancel() }
        let child = try RunningChild(
            "prefs-test-helper", ["set", scope.configDirectory.path, "big", "k03000", "7"],
            environment: scope.environment)
        #expect(child.wait() == 0)
        #expect(eventually { recorder.all.contains { $0.key == "k03000" } })
        #expect(recorder.all.map(\.key) == ["k03000"])
        #expect(recorder.all.first?.writer?.pid == child.pid)
        #expect(suite.primitiveValue(forKey: "k03000") == .int(7))
        #expect(!suite.keepsFileBytes)
        try suite.commit(["k00001": .string("mine")])
        let written = try String(contentsOf: file, encoding: .utf8)
        // Only the two entries written changed; every other line is the hand-written one.
        let expected =
            text
            .replacingOccurrences(
                of: "  <key>k03000</key>  <string>value 3000</string>\n",
                with: "\t<key>k03000</key>\n\t<integer>7</integer>\n"
            )
            .replacingOccurrences(
                of: "  <key>k00001</key>  <string>value 1</string>\n",
                with: "\t<key>k00001</key>\n\t<string>mine</string>\n")
        #expect(written == expected)
        #expect(!suite.keepsFileBytes)
    }

    @Test func anInPlaceRewriteThatKeepsSizeAndTimeIsSeenByTheNextWrite() throws {
        let scope = try ScopedFileStore()
        let (text, _) = Self.handWrittenFile()
        let file = scope.configDirectory.appendingPathComponent("tick.plist")
        try Data(text.utf8).write(to: file)
        let suite = try scope.store.suite("tick")
        #expect(!suite.keepsFileBytes)
        var status = stat()
        #expect(stat(file.path, &status) == 0)
        // Another program rewrites one value in place, same inode and size, within the same clock tick.
        let rewritten = text.replacingOccurrences(of: "value 4321<", with: "VALUE 4321<")
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(rewritten.utf8))
        try handle.close()
        var times = [status.st_atim, status.st_mtim]
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        try suite.commit(["new": .int(1)])
        #expect(suite.primitiveValue(forKey: "k04321") == .string("VALUE 4321"))
        let reread = try scope.reopen().suite("tick")
        #expect(reread.primitiveValue(forKey: "k04321") == .string("VALUE 4321"))
        #expect(reread.primitiveValue(forKey: "new") == .int(1))
        #expect(
            try String(contentsOf: file, encoding: .utf8).contains("  <key>k04321</key>  <string>VALUE 4321</string>\n")
        )
    }
}
