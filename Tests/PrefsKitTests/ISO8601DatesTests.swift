import Foundation
import PropertyBased
import Testing

@testable import PrefsCore

/// The journal's fast date formatter must print exactly what Foundation's ISO 8601 style prints.
@Suite struct ISO8601DatesTests {
    @Test func theFastFormatterAgreesWithFoundationToTheSecond() async {
        await propertyCheck(input: Gen.double(in: 0...253_402_300_799.999)) { interval in
            let date = Date(timeIntervalSince1970: interval)
            let expected = date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: false))
            #expect(ISO8601Dates.fastFormat(date, hasFraction: false) == expected)
        }
    }

    /// Foundation's style truncates `.804`, which parses to a Double a hair below it, to `.803`; PrefsKit shows the
    /// millisecond that was written.
    @Test func aParsedFractionPrintsAsWritten() async throws {
        await propertyCheck(input: Gen.int(in: 0...253_402_300_799), Gen.int(in: 0...999)) { seconds, milliseconds in
            let whole = Date(timeIntervalSince1970: Double(seconds))
                .formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: false))
            let digits = String(milliseconds)
            let text = whole.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
            let date = ISO8601Dates.fastParse(text)
            #expect(date.flatMap { ISO8601Dates.fastFormat($0, hasFraction: true) } == text)
        }
        let date = try #require(ISO8601Dates.fastParse("2026-11-24T12:48:50.804Z"))
        #expect(ISO8601Dates.format(date) == "2026-11-24T12:48:50.804Z")
    }

    @Test func theFastParserAgreesWithFoundation() async {
        await propertyCheck(input: Gen.double(in: 0...253_402_300_799.999), Gen.bool) { interval, hasFraction in
            let text = Date(timeIntervalSince1970: interval).formatted(
                Date.ISO8601FormatStyle(includingFractionalSeconds: hasFraction))
            let expected = try? Date.ISO8601FormatStyle(includingFractionalSeconds: hasFraction).parse(text)
            #expect(ISO8601Dates.fastParse(text) == expected)
        }
    }

    @Test(arguments: ["2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01 00:00:00Z"])
    func theFastParserLeavesWhatItCannotTellToFoundation(text: String) {
        #expect(ISO8601Dates.fastParse(text) == nil)
    }

    @Test(arguments: [0, 951_782_400, 4_107_542_399.5, 1_700_000_000.999])
    func leapDaysCenturiesAndFractionsAgreeWithFoundation(interval: Double) {
        let date = Date(timeIntervalSince1970: interval)
        for hasFraction in [false, true] {
            let expected = date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: hasFraction))
            #expect(ISO8601Dates.fastFormat(date, hasFraction: hasFraction) == expected)
        }
    }

    @Test func datesOutsideTheFastRangeAreLeftToFoundation() {
        #expect(ISO8601Dates.fastFormat(Date(timeIntervalSince1970: -1), hasFraction: false) == nil)
        #expect(ISO8601Dates.format(Date(timeIntervalSince1970: -86_400)) == "1969-12-31T00:00:00Z")
    }
}
