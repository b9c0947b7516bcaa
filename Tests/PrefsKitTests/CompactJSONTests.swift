import Foundation
import PropertyBased
import Testing

@testable import PrefsCore

/// The hand-written compact JSON is `JSONEncoder`'s, byte for byte, on every kind of value: the same key order (UTF-8
/// bytes), numbers and escapes as every other JSON the tools print.
@Suite struct CompactJSONTests {
    static let texts = [
        "", "plain", "quote \" and \\ slash /", "\u{1B}[31m", "tab\tline\nbreak\r\u{8}\u{C}\u{0}\u{1F}\u{7F}",
        "caf\u{E9}", "cafe\u{301}", "漢字", "🎉", "\u{2028}", "Key10", "key2", "KEY1", "a", "B", "_x", "10", "9",
        "-y", "a b", "a/b", "e", "f", "ß", "ss", "\u{7F}", "\u{10FFFF}",
    ]

    static func value(_ random: inout Xoshiro, depth: Int = 0) -> PropertyListValue {
        switch Int.random(in: 0..<(depth < 3 ? 10 : 8), using: &random) {
        case 0: return .bool(Bool.random(using: &random))
        case 1: return .int([0, -1, Int.max, Int.min, 42].randomElement(using: &random) ?? 0)
        case 2: return .unsignedInt(UInt64.max - UInt64.random(in: 0...5, using: &random))
        case 3:
            let edges = [
                0.0, -0.0, 0.1, 1e300, -1e-300, .leastNonzeroMagnitude, 3.0, 1e16, 1e15, 123456789.125, 2.5e-7,
            ]
            return .double(
                Bool.random(using: &random)
                    ? edges.randomElement(using: &random) ?? 0 : Double.random(in: -1e9...1e9, using: &random))
        case 4, 5: return .string(texts.randomElement(using: &random) ?? "")
        case 6:
            return .data(Data((0..<Int.random(in: 0...20, using: &random)).map { UInt8(truncatingIfNeeded: $0 * 37) }))
        case 7: return .date(Date(timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000, using: &random))))
        case 8: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(&random, depth: depth + 1) })
        default:
            var elements: [String: PropertyListValue] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                elements[texts.randomElement(using: &random) ?? "k"] = value(&random, depth: depth + 1)
            }
            return .dictionary(elements)
        }
    }

    static func reference(_ value: PropertyListValue) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(try #require(JSONValue(value))), as: UTF8.self)
    }

    @Test func itIsJSONEncodersText() async {
        await propertyCheck(count: 400, input: Gen.int(in: 0...Int.max)) { seed throws in
            var random = Xoshiro(seed: (UInt64(seed), 31, 32, 33))
            let value = Self.value(&random)
            #expect(value.compactJSONText == (try Self.reference(value)), "\(value)")
        }
    }

    @Test func aRealJSONCannotHoldHasNoText() {
        #expect(PropertyListValue.array([.double(.nan)]).compactJSONText == nil)
        #expect(PropertyListValue.dictionary(["k": .double(.infinity)]).compactJSONText == nil)
    }
}
