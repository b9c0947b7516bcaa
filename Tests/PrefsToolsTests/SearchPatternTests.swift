import Foundation
import PrefsKit
import PrefsTestHelpers
import Testing

@testable import PrefsTools

/// The one ranking of `prefs find` and the editor's `/`: key names first, exact, prefix, word start, anywhere,
/// fuzzy; then keys found by another field.
@Suite(.threadOfItsOwn) struct SearchPatternTests {
    @Test(arguments: [
        ("font", "font", SearchPattern.Rank.exactKey), ("FONT", "font", .exactKey), ("fontScale", "font", .keyPrefix),
        ("editorFontScale", "font", .keyWordStart), ("editor.font", "font", .keyWordStart),
        ("key09999", "9999", .keyContains), ("fontScale", "fscl", .keyFuzzy), ("storefront", "font", .keyFuzzy),
        ("v2ray", "ray", .keyWordStart),
    ])
    func keyNamesRank(key: String, pattern: String, rank: SearchPattern.Rank) {
        #expect(SearchPattern(pattern).rank(ofKey: key) == rank)
    }

    @Test func otherFieldsMatchOnlyWhereTheyHoldTheWholeText() {
        let pattern = SearchPattern("dark")
        #expect(pattern.rank(ofKey: "theme", value: "Dark", documentation: [nil]) == .value)
        #expect(pattern.rank(ofKey: "theme", value: "x", documentation: ["The dark one", nil]) == .documentation)
        #expect(pattern.rank(ofKey: "theme", value: "d a r k", documentation: ["drawn in a thick stroke"]) == nil)
        #expect(pattern.rank(ofKey: "darkMode", value: "x", documentation: []) == .keyPrefix)
        // Documentation outranks a value, also when both hold the text.
        #expect(pattern.rank(ofKey: "theme", value: "dark", documentation: [nil, "The dark one"]) == .documentation)
    }

    /// What people type finds the keys named so before any whose documentation or value holds it: base64 data
    /// holds nearly any short text, and must never push a key named so down.
    @Test func keyNamesThenDocumentationThenValues() throws {
        let pattern = SearchPattern("SULastCheck")
        let blob = try #require(Data(base64Encoded: "xxSULastCheckxxx"))
        let base64 = PropertyListValue.data(blob).text
        #expect(base64.contains("SULastCheck"))
        let ranks = [
            pattern.rank(ofKey: "blob", value: base64, documentation: [nil]),
            pattern.rank(ofKey: "updates", value: "1", documentation: ["When SULastCheck ran"]),
            pattern.rank(ofKey: "SomeUpdaterLastCheckDate", value: base64, documentation: []),
            pattern.rank(ofKey: "AppSULastCheck", value: "1", documentation: []),
            pattern.rank(ofKey: "SULastCheckTime", value: "1", documentation: []),
            pattern.rank(ofKey: "sulastcheck", value: "1", documentation: []),
        ]
        #expect(ranks == [.value, .documentation, .keyFuzzy, .keyWordStart, .keyPrefix, .exactKey])
    }

    @Test func findListsKeyNamesFirstThenValues() throws {
        let fixture = try ToolFixture()
        try WriteRequest(suite: "a", key: "theme", value: "9999").perform(in: fixture.context)
        try WriteRequest(suite: "b", key: "key19999x", value: "1").perform(in: fixture.context)
        try WriteRequest(suite: "b", key: "9999", value: "1").perform(in: fixture.context)
        try WriteRequest(suite: "c", key: "k9x9y9z9", value: "1").perform(in: fixture.context)
        let (matches, problems) = try PreferenceSearch("9999").run(in: fixture.context)
        #expect(problems.isEmpty)
        #expect(matches.map { "\($0.suite) \($0.key)" } == ["b 9999", "b key19999x", "c k9x9y9z9", "a theme"])
    }

    /// The byte path ASCII keys take (a filter keystroke ranks up to 100,000 of them) ranks as the character path
    /// does, for every key and every pattern cut from it or spread over it, in either case.
    @Test func asciiKeysRankOnTheirBytesAsOnTheirCharacters() {
        let keys = [
            "fontScale", "editor.fontScale", "key09999", "v2ray", "HTTPServer", "a_b-c.d", "x", "storefront",
            "ABC", "lastSync2", "theme", "9lives", "max-connections", "e.f.g",
        ]
        var compared = 0
        for key in keys {
            let characters = Array(key)
            var patterns: Set<String> = ["zz", "q", String(key.reversed()), key + "s", key.uppercased()]
            for start in characters.indices {
                for length in 1...3 where start + length <= characters.count {
                    patterns.insert(String(characters[start..<(start + length)]))
                }
                patterns.insert(String(characters[start...].enumerated().filter { $0.offset % 2 == 0 }.map(\.element)))
            }
            for pattern in patterns {
                let search = SearchPattern(pattern)
                #expect(search.rank(ofKey: key) == search.rank(ofKeyText: key), "\(key) / \(pattern)")
                compared += 1
            }
        }
        #expect(compared > 300)
    }
}
