import Foundation
import PrefsKit
import PrefsTestHelpers
import PrefsTools
import Testing

/// A date value and `undo --to` read dates by one rule.
@Suite(.threadOfItsOwn) struct DateTextTests {
    @Test(arguments: [
        "2026-11-23T14:00:00Z", "2026-11-23T15:00:00+01:00", "2026-11-23", "2026-11-23 15:00", "2026-11-23 15:00:30",
        "2026-11-23 15:04:05.123 +01:00", "2026-11-23 15:04:05 -05:30", " 2026-11-23 15:00 ",
    ])
    func aValueAndAMomentReadTheSameDate(text: String) throws {
        let moment = try TimeText.parse(text)
        #expect(try PropertyListValue(parsing: text, as: .date) == .date(moment))
    }

    @Test func whatLogShowsReadsBackToItsMillisecond() throws {
        let date = Date(timeIntervalSince1970: 1_795_000_000.456)
        let shown = TimeText.format(date, utc: false)
        #expect(TimeText.milliseconds(try TimeText.parse(shown)) == TimeText.milliseconds(date))
        let utc = TimeText.format(date, utc: true)
        #expect(TimeText.milliseconds(try TimeText.parse(utc)) == TimeText.milliseconds(date))
    }

    @Test(arguments: [
        "2026-02-30 10:00", "2026-11-23 25:00", "yesterday", "2026-11-23T14:00:00", "23/11/2026",
        "2026-11-23 15:00 +25:00",
    ])
    func anythingElseIsRefusedByBoth(text: String) {
        #expect(DateText.parse(text) == nil)
        #expect(throws: (any Error).self) { try PropertyListValue(parsing: text, as: .date) }
        #expect(throws: ToolError.self) { try TimeText.parse(text) }
    }
}
