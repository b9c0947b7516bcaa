import Foundation
import PropertyBased
import Testing

@testable import PrefsCore

/// The journal's JSON parser must read what Foundation writes, in any layout, and refuse what Foundation refuses.
@Suite struct JSONValueTests {
    private static let texts = ["", "plain", "quote \" and \\ and /", "tab\tline\n\u{1B}[31m", "é 漢字 🎉", "\u{0}\u{1F}"]

    /// A random value, as Foundation takes it and as the parser should give it back.
    private static func value(_ random: inout Xoshiro, depth: Int) -> (Any, JSONValue) {
        switch Int.random(in: 0..<(depth < 3 ? 7 : 5), using: &random) {
        case 0:
            let text = texts[Int.random(in: 0..<texts.count, using: &random)]
            return (text, .string(text))
        case 1:
            let number = Int.random(in: Int.min...Int.max, using: &random)
            return (number, .number(String(number)))
        case 2:
            let number = Double.random(in: -1e6...1e6, using: &random)
            return (number, .number(String(number)))
        case 3:
            let flag = Bool.random(using: &random)
            return (flag, .bool(flag))
        case 4:
            return (NSNull(), .null)
        case 5:
            var objects: [Any] = []
            var values: [JSONValue] = []
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let (object, value) = value(&random, depth: depth + 1)
                objects.append(object)
                values.append(value)
            }
            return (objects, .array(values))
        default:
            var objects: [String: Any] = [:]
            var values: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let key = texts[Int.random(in: 0..<texts.count, using: &random)]
                let (object, value) = value(&random, depth: depth + 1)
                objects[key] = object
                values[key] = value
            }
            return (objects, .object(values))
        }
    }

    /// Numbers compared by value: Foundation may write `1e+06` where Swift writes `1000000.0`.
    private static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return Int(x).map { $0 == Int(y) } ?? (Double(x) == Double(y))
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(same)
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
        default: return a == b
        }
    }

    private static func parse(_ text: String) -> JSONValue? {
        Array(text.utf8).withUnsafeBufferPointer { JSONValue.parse($0) }
    }

    @Test func readsWhatFoundationWritesInEveryLayout() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
            var random = Xoshiro(seed: (UInt64(seed), 7, 8, 9))
            let (object, expected) = Self.value(&random, depth: 0)
            for options: JSONSerialization.WritingOptions in [
                [.fragmentsAllowed], [.fragmentsAllowed, .prettyPrinted],
            ] {
                let data = try JSONSerialization.data(withJSONObject: object, options: options)
                let parsed = try #require(Self.parse(String(decoding: data, as: UTF8.self)))
                #expect(Self.same(parsed, expected))
            }
        }
    }

    @Test func decodesEscapesAndSurrogatePairs() {
        #expect(Self.parse(#" "a\u00e9\ud83c\udf89\/\b\f" "#) == .string("aé🎉/\u{8}\u{C}"))
        #expect(
            Self.parse(#"{"k" : [ 1 , -0.5e+3 , true , null ] }"#)
                == .object(["k": .array([.number("1"), .number("-0.5e+3"), .bool(true), .null])]))
    }

    @Test(arguments: [
        "", "{", "{\"a\":1,}", "[1 2]", "01", "1.", ".5", "-", "1e", "+1", "\"\\u12\"", "\"\\u+123\"", "\"\\ud800\"",
        "\"\\ud800\\u0041\"", "\"\\x\"", "\"raw\ttab\"", "\"open", "tru", "nul", "{\"a\" 1}", "{1:2}", "[1]x",
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ])
    func refusesWhatIsNotOneJSONValue(_ text: String) {
        #expect(Self.parse(text) == nil)
        // Foundation refuses it too, except nesting deeper than a record could be, and a trailing comma, which its
        // parser lets through although RFC 8259 does not.
        if !text.hasPrefix("[[[") && !text.hasSuffix(",}") {
            #expect(throws: (any Error).self) {
                try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
            }
        }
    }
}
