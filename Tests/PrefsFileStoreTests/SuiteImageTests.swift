import Foundation
import PrefsKit
import PropertyBased
import Testing

@testable import PrefsFileStore

/// Splicing an entry into a file, or re-reading only the entries that changed, must give exactly what encoding or
/// decoding the whole file gives.
@Suite struct SuiteImageTests {
    /// Few distinct keys, so that edits replace, insert and remove, at the start, the middle and the end; some need
    /// escaping and some sort differently by bytes and by `String`.
    private static let keys = ["a", "b", "b2", "c&d", "k-1", "k-10", "k-2", "z", "é", "ü<", "\u{7}", "Z"]

    private static func value(_ random: inout Xoshiro) -> PropertyListValue {
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return .bool(Bool.random(using: &random))
        case 1: return .int(Int.random(in: -1000...1000, using: &random))
        case 2: return .double(Double.random(in: -10...10, using: &random))
        case 3: return .string(["", "x", "a < b & c", "wide 漢字", "line\nbreak"][Int.random(in: 0..<5, using: &random)])
        case 4: return .array([.int(1), .string("two")])
        case 5: return .dictionary(["inner": .bool(true), "n": .int(Int.random(in: 0...9, using: &random))])
        default: return .data(Data(repeating: UInt8.random(in: 0...255, using: &random), count: 3))
        }
    }

    private static func changes(_ random: inout Xoshiro) -> [String: PropertyListValue?] {
        var changes: [String: PropertyListValue?] = [:]
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let key = keys[Int.random(in: 0..<keys.count, using: &random)]
            changes[key] = Int.random(in: 0..<4, using: &random) == 0 ? .some(nil) : .some(value(&random))
        }
        return changes
    }

    private static func merged(_ values: [String: PropertyListValue], _ changes: [String: PropertyListValue?])
        -> [String: PropertyListValue]
    {
        var values = values
        for (key, value) in changes { values[key] = value }
        return values
    }

    @Test func aSplicedWriteIsTheFileAWholeEncodingGives() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max)) { seed in
            var random = Xoshiro(seed: (UInt64(seed), 1, 2, 3))
            var image = SuiteImage(encoding: [:])
            var expected: [String: PropertyListValue] = [:]
            for _ in 0..<12 {
                let changes = Self.changes(&random)
                image = try image.applying(changes)
                expected = Self.merged(expected, changes)
                #expect(image.values == expected)
                #expect(image.bytes == XMLPropertyListWriter.document(expected).bytes)
            }
        }
    }

    @Test func aReReadGivesWhatAWholeDecodeGivesAndNamesEveryChangedKey() async throws {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max)) { seed in
            var random = Xoshiro(seed: (UInt64(seed), 4, 5, 6))
            // One process's view, kept current by re-reading what another process writes.
            var reader = try SuiteImage(decoding: SuiteImage(encoding: [:]).bytes)
            var writer = SuiteImage(encoding: [:])
            for _ in 0..<12 {
                writer = try writer.applying(Self.changes(&random))
                let (next, touched) = try reader.reading(writer.bytes)
                #expect(next.values == writer.values)
                let changed = Set(Self.keys.filter { reader.values[$0] != writer.values[$0] })
                #expect(changed.isSubset(of: Set(touched ?? Self.keys)))
                reader = next
                // The reader's own write, spliced into what it re-read, is still the canonical file.
                let own = Self.changes(&random)
                let written = try reader.applying(own)
                #expect(written.bytes == XMLPropertyListWriter.document(Self.merged(writer.values, own)).bytes)
            }
        }
    }

    @Test func aHandEditedFileIsReadWhole() throws {
        let image = SuiteImage(encoding: ["a": .int(1), "b": .int(2), "c": .int(3)])
        let text = String(decoding: image.bytes, as: UTF8.self)
        let edits = [
            // Indentation and an added comment inside the changed entry.
            text.replacingOccurrences(
                of: "\t<key>b</key>\n\t<integer>2</integer>", with: "  <!-- x --><key>b</key> <integer>5</integer>"),
            // A key moved out of order, and one written twice.
            text.replacingOccurrences(of: "<key>a</key>", with: "<key>d</key>"),
            text.replacingOccurrences(of: "<key>c</key>", with: "<key>a</key>"),
            // The header and the empty dictionary.
            text.replacingOccurrences(of: "<plist version=\"1.0\">", with: "<plist version=\"1.0\" >"),
            String(decoding: SuiteImage(encoding: [:]).bytes, as: UTF8.self),
        ]
        for edit in edits {
            let bytes = Array(edit.utf8)
            let (next, _) = try image.reading(bytes)
            #expect(next.values == (try PropertyListCodec.decodeWithFoundation(Data(bytes))))
            // Whatever was read, the next write gives a file that reads back as its values.
            let written = try next.applying(["e": .bool(true)])
            #expect(try PropertyListCodec.decodeWithFoundation(written.data) == written.values)
        }
    }

    @Test func aFileThatNoLongerDecodesIsReportedAsCorrupt() {
        let image = SuiteImage(encoding: ["a": .int(1), "b": .int(2)])
        let text = String(decoding: image.bytes, as: UTF8.self)
        let broken = Array(text.replacingOccurrences(of: "<integer>2</integer>", with: "<integer>2</intgr>").utf8)
        #expect(throws: PropertyListCodec.DecodeFailure.self) { try image.reading(broken) }
    }
}
