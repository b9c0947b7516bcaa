import Foundation
import Testing

@testable import PrefsTools

/// How a query is cut into words and what each word asks; the grammar's results over real suites are tested through
/// `prefs find` and the editor (`FilterGrammarTests`).
struct FilterQueryTests {
    private func words(_ text: String) -> [String] {
        FilterQuery.words(in: text).map { ($0.negated ? "-" : "") + ($0.quoted ? "\"\($0.text)\"" : $0.text) }
    }

    @Test func wordsAreCutAtSpacesOutsideQuotes() {
        #expect(words("dark  @modified") == ["dark", "@modified"])
        #expect(words("-dark -@locked") == ["-dark", "-@locked"])
        #expect(words("\"pitch dark\" x") == ["\"pitch dark\"", "x"])
        #expect(words("-\"pitch dark\"") == ["-\"pitch dark\""])
        #expect(words("@writer:\"prefs write\" note=\"a b\"") == ["@writer:prefs write", "note=a b"])
        #expect(words("a - b") == ["a", "-", "b"], "a lone - is text")
        #expect(words("\"open quote") == ["\"open quote\""], "a quote left open runs to the end")
        #expect(words("\"\"") == ["\"\""], "an empty quoted word is kept: it matches everything")
        #expect(words("--x") == ["--x"], "one - negates; the second is text")
        #expect(words("   ").isEmpty)
    }

    @Test func aWordIsFreeTextAFilterAValueOrAKeyGlob() throws {
        func condition(_ text: String) throws -> String {
            let query = try FilterQuery(text)
            return query.terms.map { "\($0.condition)" }.joined(separator: " | ")
        }
        #expect(try condition("\"@home\"").hasPrefix("text("), "a quoted word is text")
        #expect(try condition("a=b").hasPrefix("value("))
        #expect(try condition("=b").hasPrefix("value(key: nil"))
        #expect(try condition("editor.*").hasPrefix("key("))
        #expect(try condition("@TYPE:Double") == "type(PrefsTools.FilterQuery.TypeName.float)")
    }

    /// A query's work is words × keys: a word given twice is searched once, and a query past the bounds is refused
    /// in one line rather than searched for minutes.
    @Test func aQueryIsBoundedInWordsAndLength() throws {
        let repeated = try FilterQuery(Array(repeating: "dark", count: 200).joined(separator: " "))
        #expect(repeated.terms.count == 1)
        #expect(try FilterQuery("dark -dark \"dark\"").terms.count == 3, "negated and quoted words ask other things")
        let many = (1...33).map { "w\($0)" }.joined(separator: " ")
        #expect {
            try FilterQuery(many)
        } throws: { error in
            "\(error)".hasPrefix("the query has 33 different words; at most 32 are searched")
        }
        #expect(try FilterQuery((1...32).map { "w\($0)" }.joined(separator: " ")).terms.count == 32)
        #expect {
            try FilterQuery(String(repeating: "x", count: 1025))
        } throws: { error in
            "\(error)" == "the query is 1025 characters long; at most 1024 are searched"
        }
    }

    @Test func globsMatchTheWholeTextWithStarsForAnyText() {
        #expect(Glob("dark").matches("dark") && !Glob("dark").matches("Dark") && !Glob("dark").matches("darker"))
        #expect(Glob("d*k").matches("dark") && Glob("d*k").matches("dk") && !Glob("d*k").matches("darker"))
        #expect(Glob("*dark").matches("pitch dark") && Glob("*").matches(""))
        #expect(Glob("a*b*c").matches("a-b-c") && !Glob("a*b*c").matches("a-c-b"))
        #expect(!Glob("ab*ba").matches("aba"), "the parts may not overlap")
        // Values are matched where the table keeps them, as bytes: the same answers.
        for (pattern, text) in [
            ("dark", "dark"), ("dark", "darker"), ("d*k", "dark"), ("*dark", "pitch dark"), ("a*b*c", "a-c-b"),
            ("ab*ba", "aba"), ("*", ""), ("", ""), ("", "x"), ("漢*", "漢字"), ("x*", ""),
        ] {
            var bytes = text
            let byBytes = bytes.withUTF8 { Glob(pattern).matches($0) }
            #expect(byBytes == Glob(pattern).matches(text), "\(pattern) \(text)")
        }
    }

    @Test func changedTakesWhatLogSinceTakes() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let query = try FilterQuery("@changed:2h", now: now)
        guard case .changed(let since) = query.terms.first?.condition else {
            Issue.record("not a time")
            return
        }
        #expect(since == now.addingTimeInterval(-7200))
        #expect(throws: ToolError.self) { try FilterQuery("@changed:2x") }
    }

    /// A query narrows an earlier one only when it cannot match a key the earlier one did not: the editor then searches
    /// only what that one found.
    @Test func aQueryNarrowsOnlyWhatItCannotWiden() throws {
        func narrows(_ later: String, _ earlier: String) throws -> Bool {
            try FilterQuery(later).narrows(FilterQuery(earlier))
        }
        #expect(try narrows("font", "fon"))
        #expect(try narrows("fon @modified", "fon"))
        #expect(try narrows("@modified fon", "@modified f"))
        #expect(try narrows("dark", "dark"))
        #expect(try !narrows("-fon", "-fo"), "a longer negated word excludes less")
        #expect(try !narrows("fo", "fon"), "a shorter word matches more")
        #expect(try !narrows("bar", "foo"))
        #expect(try !narrows("@type:float", "@type:int"), "another filter")
        #expect(try !narrows("sca*", "sca"))
        #expect(try !narrows("fon x", "fo x"), "only the last word may grow")
    }
}
