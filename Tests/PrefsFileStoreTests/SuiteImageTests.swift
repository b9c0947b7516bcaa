import Foundation
import PrefsKit
import PrefsTestHelpers
import PropertyBased
import Testing

@testable import PrefsFileStore

/// Splicing an entry into a file, or re-reading only the entries that changed, must give exactly what encoding or
/// decoding the whole file gives.
@Suite(.threadOfItsOwn) struct SuiteImageTests {
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

    /// Kept whole (a small file) or slimmed to fingerprints (a large one), a reader re-reads the same entries.
    @Test(arguments: [false, true])
    func aReReadGivesWhatAWholeDecodeGivesAndNamesEveryChangedKey(slimmed: Bool) async throws {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max)) { seed in
            var random = Xoshiro(seed: (UInt64(seed), 4, 5, 6))
            // One process's view, kept current by re-reading what another process writes.
            var reader = try SuiteImage(decoding: SuiteImage(encoding: [:]).bytes ?? [])
            var writer = SuiteImage(encoding: [:])
            for _ in 0..<12 {
                writer = try writer.applying(Self.changes(&random))
                let kept = slimmed ? reader.slimmed(above: 0) : reader
                #expect(slimmed ? kept.bytes == nil : kept.bytes != nil)
                let (next, touched) = try kept.reading(writer.bytes ?? [])
                #expect(next.values == writer.values)
                #expect(next.bytes == writer.bytes)
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
        let text = String(decoding: image.bytes ?? [], as: UTF8.self)
        let edits = [
            // Indentation and an added comment inside the changed entry.
            text.replacingOccurrences(
                of: "\t<key>b</key>\n\t<integer>2</integer>", with: "  <!-- x --><key>b</key> <integer>5</integer>"),
            // A key moved out of order, and one written twice.
            text.replacingOccurrences(of: "<key>a</key>", with: "<key>d</key>"),
            text.replacingOccurrences(of: "<key>c</key>", with: "<key>a</key>"),
            // The header and the empty dictionary.
            text.replacingOccurrences(of: "<plist version=\"1.0\">", with: "<plist version=\"1.0\" >"),
            String(decoding: SuiteImage(encoding: [:]).bytes ?? [], as: UTF8.self),
        ]
        for edit in edits {
            let bytes = Array(edit.utf8)
            for kept in [image, image.slimmed(above: 0)] {
                let (next, _) = try kept.reading(bytes)
                #expect(next.values == (try FoundationReading.values(Data(bytes))))
                // Whatever was read, the next write gives a file that reads back as its values.
                let written = try next.applying(["e": .bool(true)])
                #expect(try FoundationReading.values(Data(written.bytes ?? [])) == written.values)
            }
        }
    }

    @Test func aFileThatNoLongerDecodesIsReportedAsCorrupt() {
        let image = SuiteImage(encoding: ["a": .int(1), "b": .int(2)])
        let text = String(decoding: image.bytes ?? [], as: UTF8.self)
        let broken = Array(text.replacingOccurrences(of: "<integer>2</integer>", with: "<integer>2</intgr>").utf8)
        #expect(throws: PropertyListCodec.DecodeFailure.self) { try image.reading(broken) }
        #expect(throws: PropertyListCodec.DecodeFailure.self) { try image.slimmed(above: 0).reading(broken) }
    }

    @Test func aSlimmedImageIsWrittenOnlyWithTheFileReadUnderTheLock() throws {
        let image = SuiteImage(encoding: ["a": .int(1), "b": .int(2)])
        let slim = image.slimmed(above: 0)
        #expect(slim.bytes == nil && slim.values == image.values)
        #expect(slim.isSameFile(as: image) && image.isSameFile(as: slim) && slim.holds(image.bytes ?? []))
        #expect(!slim.holds(SuiteImage(encoding: ["a": .int(1), "b": .int(3)]).bytes ?? []))
        // Without the bytes a splice would have nothing to copy: the write is refused, never re-encoded.
        #expect(throws: SuiteImage.Loss.self) { try slim.applying(["c": .int(3)]) }
        let (hydrated, touched) = try slim.reading(image.bytes ?? [])
        #expect(touched == [] && hydrated.bytes == image.bytes)
        #expect(
            try hydrated.applying(["c": .int(3)]).bytes
                == SuiteImage(encoding: ["a": .int(1), "b": .int(2), "c": .int(3)]).bytes)
    }

    /// A large file decoded straight into a slimmed image holds what a whole decode holds, keys that Swift finds
    /// equal included, and re-reads a change as a whole decode would.
    @Test func aLargeFileDecodedSlimHoldsWhatAWholeDecodeHolds() throws {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        for index in 0..<8_000 { text += "\t<key>key \(index)</key>\n\t<integer>\(index)</integer>\n" }
        // The same name in two Unicode normalisations: two entries, one Swift string.
        text += "\t<key>caf\u{E9}</key>\n\t<string>composed</string>\n"
        text += "\t<key>cafe\u{301}</key>\n\t<string>decomposed</string>\n"
        text += "</dict>\n</plist>\n"
        let bytes = Array(text.utf8)
        #expect(bytes.count > SuiteImage.slimmingThreshold)
        let whole = try SuiteImage(decoding: bytes)
        let slim = try SuiteImage(decoding: bytes, slimming: true)
        #expect(whole.bytes != nil && slim.bytes == nil)
        #expect(slim.values == whole.values && slim.exactKeys == whole.exactKeys)
        #expect(slim.index?.starts == whole.index?.starts && slim.index?.prints != nil)
        for key in ["caf\u{E9}", "cafe\u{301}", "key 0", "key 7999"] {
            #expect(slim.value(forKey: key) == whole.value(forKey: key))
        }
        #expect(slim.value(forKey: "cafe\u{301}") == .string("decomposed"))
        #expect(slim.isSameFile(as: whole))
        let changed = Array(text.replacingOccurrences(of: "<integer>4000<", with: "<integer>-4<").utf8)
        let (next, touched) = try slim.reading(changed, slimming: true)
        #expect(touched == nil || touched == ["key 4000"])
        #expect(next.values == (try SuiteImage(decoding: changed)).values)
    }
}
