import Foundation
import PropertyBased
import Testing

@testable import PrefsCore

/// The fast date formatter prints what Foundation's ISO 8601 style prints, to the second and to the millisecond that was
/// written, and finer only when a date holds more: every date it prints reads back as the very same date.
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
    func leapDaysCenturiesAndFractionsAgreeWithFoundation(interval: Double) throws {
        let date = Date(timeIntervalSince1970: interval)
        let seconds = date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: false))
        #expect(ISO8601Dates.fastFormat(date, hasFraction: false) == seconds)
        // 1_700_000_000.999 is a Double no millisecond reads back as: Foundation shows `.999`, PrefsKit `.9990001`.
        let fraction = try #require(ISO8601Dates.fastFormat(date, hasFraction: true))
        let milliseconds = date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        #expect(fraction.prefix(23) == milliseconds.prefix(23))
        #expect(ISO8601Dates.fastParse(fraction) == date)
    }

    /// A date a binary property list keeps to the microsecond (`Date()` in an app) prints with the digits that give it
    /// back, so that a recording or an export replays it exactly; the text `prefs write` takes reads back as written.
    @Test func everyDatePrintsWithTheDigitsThatReadBackAsIt() async throws {
        await propertyCheck(input: Gen.double(in: 0...253_402_300_799.999)) { interval in
            let date = Date(timeIntervalSince1970: interval)
            let text = ISO8601Dates.format(date)
            let back = ISO8601Dates.fastParse(text)
            // Within months of 2001 a Double is finer than the nine digits printed: there, the nearest.
            if abs(date.timeIntervalSinceReferenceDate) >= 16_777_216 {
                #expect(back == date, "\(text)")
            } else {
                #expect(back.map { abs($0.timeIntervalSince(date)) <= 1e-9 } == true, "\(text)")
            }
        }
        for text in ["2026-11-27T10:00:00.123456Z", "2026-11-27T10:00:00.000001Z", "2026-11-27T10:00:00.5Z"] {
            let date = try #require(ISO8601Dates.fastParse(text))
            #expect(ISO8601Dates.format(date) == (text.hasSuffix(".5Z") ? "2026-11-27T10:00:00.500Z" : text))
        }
    }

    @Test func datesOutsideTheFastRangeAreLeftToFoundation() {
        #expect(ISO8601Dates.fastFormat(Date(timeIntervalSince1970: -1), hasFraction: false) == nil)
        #expect(ISO8601Dates.format(Date(timeIntervalSince1970: -86_400)) == "1969-12-31T00:00:00Z")
    }
}
