import Foundation
import PrefsKit
import PrefsTestHelpers
import PropertyBased
import Testing

@testable import PrefsFileStore

/// The suite writer must produce what Foundation's parser reads back as exactly the same values.
@Suite(.threadOfItsOwn) struct XMLPropertyListWriterTests {
    /// Any scalar of the Basic Multilingual Plane and beyond, surrogates aside, so that U+FEFF and the C1 controls
    /// come up.
    private static let anyString = Gen<Int>.int(in: 0...0x10FFFF)
        .map { Character(Unicode.Scalar(UInt32($0)) ?? Unicode.Scalar(UInt32($0) - 0x800) ?? " ") }
        .string(of: 0...12)

    /// What Foundation's parser and the fast reader read back from what the writer writes, which must agree.
    private static func readBack(_ values: [String: PropertyListValue]) throws -> [String: PropertyListValue] {
        let data = XMLPropertyListWriter.encode(values)
        let foundation = try FoundationReading.values(data)
        let fast = try SuiteImage(decoding: Array(data)).values
        #expect(fast == foundation)
        return foundation
    }

    @Test func foundationReadsBackEveryKindOfValue() throws {
        let values: [String: PropertyListValue] = [
            "bool": .bool(true), "false": .bool(false), "int": .int(Int.min), "max": .int(Int.max),
            "real": .double(0.1), "tiny": .double(.leastNonzeroMagnitude), "huge": .double(-1.7976931348623157e308),
            "infinity": .double(.infinity), "data": .data(Data((0...255).map(UInt8.init))),
            "date": .date(Date(timeIntervalSince1970: 1_700_000_000)), "empty": .string(""),
            "markup": .string("<dict>&amp;</dict> \"quoted\" 'single'"), "control": .string("a\u{1}\u{1B}[2J\r\n\tz"),
            "unicode": .string("漢字 🎉 é"), "array": .array([.int(1), .array([]), .dictionary([:])]),
            "nested": .dictionary(["a": .dictionary(["b": .array([.string("c")])])]), "<&key>": .int(1),
            // Foundation drops one U+FEFF at the start of a string: the writer must keep it anyway.
            "bom": .string("\u{FEFF}x"), "\u{FEFF}key": .string("\u{FEFF}\u{FEFF}"),
            "c1": .string("\u{7F}\u{85}\u{9F}"),
            "unsigned": .unsignedInt(.max),
        ]
        #expect(try Self.readBack(values) == values)
    }

    @Test func foundationReadsBackArbitraryStringsAndNumbers() async {
        await propertyCheck(input: Self.anyString, Self.anyString, Gen.double(in: -1e300...1e300)) {
            key, text, real throws in
            let values: [String: PropertyListValue] = [key: .string(text), "real": .double(real)]
            #expect(try Self.readBack(values) == values)
        }
    }

    @Test func datesAreWrittenToTheSecondAsFoundationDoes() throws {
        let values = try Self.readBack(["d": .date(Date(timeIntervalSince1970: 1_700_000_000.75))])
        #expect(values["d"] == .date(Date(timeIntervalSince1970: 1_700_000_000)))
    }

    @Test func equalContentsGiveEqualFiles() {
        let first = XMLPropertyListWriter.encode([
            "b": .int(2), "a": .int(1), "c": .dictionary(["z": .int(0), "y": .int(1)]),
        ])
        let second = XMLPropertyListWriter.encode([
            "c": .dictionary(["y": .int(1), "z": .int(0)]), "a": .int(1), "b": .int(2),
        ])
        #expect(first == second)
    }
}
