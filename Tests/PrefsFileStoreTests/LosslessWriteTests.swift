import Foundation
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import PropertyBased
import Testing

@testable import PrefsFileStore

/// A write changes the keys it was asked to change and nothing else: every other value reads back, by Foundation's
/// own decoding, exactly as before; or the write is refused and the file is left byte for byte as it was.
@Suite(.threadOfItsOwn, .damagedFilesReadOnce) struct LosslessWriteTests {
    private static let header = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"#

    @Test func aWriteOfAnotherKeyLeavesEveryOtherValueAsFoundationReadsIt() async {
        await propertyCheck(count: 150, input: Gen.int(in: 0...Int.max)) { seed throws in
            var random = Xoshiro(seed: (UInt64(seed), 11, 12, 13))
            let values = RandomSuites.suite(&random)
            let form = RandomSuites.Form.allCases.randomElement(using: &random) ?? .prefs
            guard let original = RandomSuites.file(values, as: form) else { return }
            let scope = try ScopedFileStore()
            let file = scope.configDirectory.appendingPathComponent("random.plist")
            try original.write(to: file)
            let before = try FoundationReading.values(original)
            let suite = try scope.store.suite("random")
            do {
                try suite.commit(["unrelated \(seed)": .int(seed)])
            } catch let error as FileStoreError {
                // Refused: nothing may have moved.
                guard case .unrepresentable = error else { throw error }
                #expect(try Data(contentsOf: file) == original, "form \(form)")
                return
            }
            let after = try FoundationReading.values(Data(contentsOf: file))
            #expect(after["unrelated \(seed)"] == .int(seed))
            for (key, value) in before {
                let kept = after[key]
                #expect(
                    kept.map { value.isIdentical(to: $0) } == true,
                    "form \(form), key \(key): \(value) -> \(String(describing: kept))")
            }
            #expect(after.count == before.count + 1)
        }
    }

    /// A store whose suite "binary" is a binary file Foundation wrote, holding a date with half a second.
    private static func binarySuiteWithAHalfSecond() throws -> (scope: ScopedFileStore, file: URL, original: Data) {
        let scope = try ScopedFileStore()
        let file = scope.configDirectory.appendingPathComponent("binary.plist")
        let original = try PropertyListSerialization.data(
            fromPropertyList: ["when": Date(timeIntervalSinceReferenceDate: 0.5), "n": 1] as [String: Any],
            format: .binary, options: 0)
        try original.write(to: file)
        return (scope, file, original)
    }

    @Test func aBinaryFileStaysBinaryAndKeepsFractionsOfASecond() throws {
        let (scope, file, _) = try Self.binarySuiteWithAHalfSecond()
        let suite = try scope.store.suite("binary")
        #expect(suite.format == .binary)
        #expect(suite.primitiveValue(forKey: "when") == .date(Date(timeIntervalSinceReferenceDate: 0.5)))
        try suite.commit(["other": .int(2)])
        let written = try Data(contentsOf: file)
        #expect(written.starts(with: Data("bplist00".utf8)))
        let reread = try FoundationReading.values(written)
        #expect(reread["when"] == .date(Date(timeIntervalSinceReferenceDate: 0.5)))
        #expect(reread["other"] == .int(2) && reread["n"] == .int(1))
    }

    @Test func convertingToXMLIsRefusedWhenAValueWouldNotSurvive() throws {
        let (scope, file, original) = try Self.binarySuiteWithAHalfSecond()
        let suite = try scope.store.suite("binary")
        #expect {
            try suite.commit(["other": .int(2)], recoveringCorruptFile: false, format: .xml)
        } throws: { error in
            guard case .unrepresentable(_, let key, let reason)? = error as? FileStoreError else { return false }
            return key == "when" && reason.contains("fraction of a second")
                && "\(error)".contains("--format binary")
        }
        #expect(try Data(contentsOf: file) == original)
    }

    @Test func largeIntegersKeepTheirExactValueInXMLAndBinary() throws {
        let scope = try ScopedFileStore()
        let xml = Data(
            (Self.header + "<key>max</key><integer>18446744073709551615</integer>"
                + "<key>two63</key><integer>9223372036854775808</integer>"
                + "<key>min</key><integer>-9223372036854775808</integer></dict></plist>").utf8)
        let binary = try PropertyListSerialization.data(
            fromPropertyList: ["max": UInt64.max, "two63": UInt64(1) << 63, "min": Int64.min] as [String: Any],
            format: .binary, options: 0)
        for (name, data) in [("xml", xml), ("binary", binary)] {
            let file = scope.configDirectory.appendingPathComponent("\(name).plist")
            try data.write(to: file)
            let suite = try scope.store.suite(name)
            #expect(suite.primitiveValue(forKey: "max") == .unsignedInt(.max))
            #expect(suite.primitiveValue(forKey: "two63") == .unsignedInt(1 << 63))
            #expect(suite.get(PersistentKey<UInt64>("max", defaultValue: 0)) == .max)
            try suite.commit(["x": .int(1)])
            if name == "xml" {
                let text = try String(contentsOf: file, encoding: .utf8)
                #expect(text.contains("<integer>18446744073709551615</integer>"))
                #expect(text.contains("<integer>9223372036854775808</integer>"))
                #expect(text.contains("<integer>-9223372036854775808</integer>"))
            } else {
                #expect(try Data(contentsOf: file).starts(with: Data("bplist00".utf8)))
            }
            let reread = try FoundationReading.values(Data(contentsOf: file))
            #expect(reread["max"] == .unsignedInt(.max) && reread["min"] == .int(.min))
        }
    }

    @Test func aLatin1SuiteIsRewrittenWithIdenticalValues() throws {
        let scope = try ScopedFileStore()
        let file = scope.configDirectory.appendingPathComponent("latin.plist")
        var original = Data(#"<?xml version="1.0" encoding="ISO-8859-1"?><plist version="1.0"><dict>"#.utf8)
        original += Data("<key>greeting</key><string>caf".utf8) + Data([0xE9]) + Data("</string></dict></plist>".utf8)
        try original.write(to: file)
        let suite = try scope.store.suite("latin")
        #expect(suite.primitiveValue(forKey: "greeting") == .string("café"))
        try suite.commit(["x": .int(1)])
        #expect(try FoundationReading.values(Data(contentsOf: file))["greeting"] == .string("café"))
    }

    /// A Latin-1 document whose declaration never closes is refused at once, in one line, and left as it is.
    ///
    /// Found by fuzz-plist: converted to UTF-8, it still declared Latin-1 (no `?>` to rewrite the declaration up to),
    /// and each conversion doubled it until memory ran out.
    @Test func aLatin1DocumentWhoseDeclarationDoesNotCloseIsRefusedAtOnce() throws {
        let scope = try ScopedFileStore()
        let file = scope.configDirectory.appendingPathComponent("broken.plist")
        var original = Data(#"<?xml version="1.0" encoding="ISO-8859-1"??<plist version=""#.utf8)
        original += Data(repeating: 0, count: 34) + Data(repeating: 0xFF, count: 96)
        original += Data(".com/DTDs/Paf".utf8) + Data([0xE9]) + Data("</string>8/dict></plist>".utf8)
        try original.write(to: file)
        let start = ContinuousClock.now
        let suite = try scope.store.suite("broken")
        // Read again for about a second (the file may be another program's rewrite in progress); converting it again
        // and again took minutes and all the memory.
        #expect(ContinuousClock.now - start < .seconds(10), "refused without converting it again and again")
        let problem = try #require(suite.problem)
        #expect(!"\(problem)".contains("\n"))
        #expect(suite.primitiveValues().isEmpty)
        #expect(try Data(contentsOf: file) == original)
    }

    /// Foundation's parser reads UTF-16 with a byte order mark, in either order; so does the store, through a
    /// conversion to UTF-8, and a write keeps every other value as Foundation reads it.
    @Test(arguments: [true, false])
    func aUTF16SuiteIsReadAndRewrittenWithIdenticalValues(bigEndian: Bool) throws {
        let scope = try ScopedFileStore()
        let file = scope.configDirectory.appendingPathComponent("wide.plist")
        let text =
            #"<?xml version="1.0" encoding="UTF-16"?><plist version="1.0"><dict><key>greeting</key>"#
            + "<string>caf\u{E9} \u{1F389}</string><key>n</key><real>2</real></dict></plist>"
        var original = Data(bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE])
        for unit in text.utf16 {
            original += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        try original.write(to: file)
        let foundation = try FoundationReading.values(original)
        #expect(foundation["greeting"] == .string("caf\u{E9} \u{1F389}"))
        let suite = try scope.store.suite("wide")
        #expect(suite.primitiveValues() == foundation)
        #expect(suite.primitiveValue(forKey: "n") == .double(2))
        try suite.commit(["x": .int(1)])
        let rewritten = try FoundationReading.values(Data(contentsOf: file))
        #expect(rewritten["greeting"] == foundation["greeting"])
        #expect(rewritten["n"] == .double(2))
        #expect(rewritten["x"] == .int(1))
    }

    /// A document in an encoding the store does not convert is refused with a reason, and never written over.
    @Test func aSuiteInAnotherEncodingIsRefusedAndLeftAlone() throws {
        let scope = try ScopedFileStore()
        let file = scope.configDirectory.appendingPathComponent("kana.plist")
        let original = Data(
            (#"<?xml version="1.0" encoding="Shift_JIS"?><plist version="1.0"><dict><key>a</key>"#
                + "<string>b</string></dict></plist>").utf8)
        try original.write(to: file)
        let suite = try scope.store.suite("kana")
        let problem = try #require(suite.problem)
        #expect("\(problem)".contains("\"Shift_JIS\", an encoding prefs does not read"), "\(problem)")
        #expect(throws: (any Error).self) { try suite.commit(["x": .int(1)]) }
        #expect(try Data(contentsOf: file) == original)
    }

    @Test func keysThatDifferOnlyInNormalisationStayTwoKeys() throws {
        let scope = try ScopedFileStore()
        let file = scope.configDirectory.appendingPathComponent("twins.plist")
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        try Data(
            (Self.header + "<key>\(composed)</key><string>one</string><key>\(decomposed)</key><string>two</string>"
                + "</dict></plist>").utf8
        ).write(to: file)
        let suite = try scope.store.suite("twins")
        #expect(suite.primitiveValue(forKey: composed) == .string("one"))
        #expect(suite.primitiveValue(forKey: decomposed) == .string("two"))
        #expect(suite.sortedKeys().count == 2)
        try suite.commit(["x": .int(1)])
        try suite.commit([decomposed: .string("three")])
        let bytes = try Data(contentsOf: file)
        let image = try SuiteImage(decoding: Array(bytes))
        #expect(image.value(forKey: composed) == .string("one"))
        #expect(image.value(forKey: decomposed) == .string("three"))
        #expect(image.value(forKey: "x") == .int(1))
        let reopened = try scope.reopen().suite("twins")
        #expect(reopened.primitiveValue(forKey: composed) == .string("one"))
        try reopened.commit([composed: nil])
        let last = try SuiteImage(decoding: Array(Data(contentsOf: file)))
        #expect(last.value(forKey: composed) == nil)
        #expect(last.value(forKey: decomposed) == .string("three"))
    }

    @Test func aHandEditedSuiteKeepsItsLayoutAndCommentsAroundTheKeysNotWritten() throws {
        let scope = try ScopedFileStore()
        let file = scope.configDirectory.appendingPathComponent("hand.plist")
        let original = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
              <!-- keep this -->
              <key>theme</key>   <string>dark</string>
              <key>hex</key> <integer>0x10</integer>
              <key>plus</key> <integer>+7</integer>
            </dict>
            </plist>
            """
        try Data(original.utf8).write(to: file)
        let suite = try scope.store.suite("hand")
        #expect(suite.primitiveValue(forKey: "hex") == .int(16))
        try suite.commit(["plus": .int(8)])
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("<!-- keep this -->\n  <key>theme</key>   <string>dark</string>"))
        #expect(text.contains("<key>hex</key> <integer>0x10</integer>"))
        #expect(!text.contains("+7"))
        #expect(
            try FoundationReading.values(Data(text.utf8)) == [
                "theme": .string("dark"), "hex": .int(16), "plus": .int(8),
            ])
    }
}
