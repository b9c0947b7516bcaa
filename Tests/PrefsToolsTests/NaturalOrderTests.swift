import PrefsCore
import PrefsTestHelpers
import PrefsTools
import Testing

/// Suites sort as people count, in `prefs suites` and the editor alike.
@Suite(.threadOfItsOwn) struct NaturalOrderTests {
    @Test func numbersInNamesSortByTheirValue() {
        let names = ["app10", "app2", "app1", "App", "app", "app02", "b", "app1a", "v1.10", "v1.9"]
        #expect(
            names.sorted(by: NaturalOrder.precedes) == [
                "App", "app", "app1", "app1a", "app2", "app02", "app10", "b", "v1.9", "v1.10",
            ])
    }

    /// The byte-wise comparison of ASCII names agrees with the run-by-run one on every pair of 40,000 names made of
    /// the characters that matter (digits, zeros, letters, punctuation either side of `0`, a letter past ASCII and a
    /// combining mark, where the fast comparison must step aside).
    @Test func theFastASCIIComparisonAgreesWithTheRuns() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = Array("ab0019.!-Zé\u{301}".unicodeScalars)
        for _ in 0..<40_000 {
            let names = (0..<2).map { _ in
                var scalars = String.UnicodeScalarView()
                for _ in 0..<next(7) { scalars.append(alphabet[next(alphabet.count)]) }
                return String(scalars)
            }
            #expect(
                NaturalOrder.precedes(names[0], names[1]) == NaturalOrder.precedesByRuns(names[0], names[1]),
                "\(names)")
        }
    }

    /// Names under a prefix that ends in a non-digit are together, as the editor's key list relies on.
    @Test func aGroupIsOneRun() {
        let names = ["a1.b", "a1.10", "a1.9", "a1", "a10.b", "a1!", "a01.c", "a1.", "a2.x", "a1.b2", "b"]
        let sorted = names.sorted(by: NaturalOrder.precedes)
        let members = sorted.indices.filter { sorted[$0].hasPrefix("a1.") }
        #expect(members == Array(members[0]...(members.last ?? 0)), "\(sorted)")
    }
}

/// `prefs read SUITE` lists keys in the order the editor does.
@Suite(.threadOfItsOwn) struct SuiteListingOrderTests {
    @Test func keysAreListedAsPeopleCount() throws {
        let fixture = try ToolFixture()
        for key in ["item10", "item2", "item1"] {
            let value = String(key.dropFirst(4))
            try WriteRequest(suite: "s", key: key, value: value, type: .int).perform(in: fixture.context)
        }
        let lines = fixture.run { try ReadRequest(suite: "s").perform(in: fixture.context) }.output
            .split(separator: "\n")
        #expect(lines == ["item1 = 1", "item2 = 2", "item10 = 10"])
    }
}
