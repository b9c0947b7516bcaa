import Foundation
import PrefsTestHelpers
import Testing

/// Dates typed in local time, read in the zone of the process: `$TZ` is read by the C library once per process, so
/// these run `prefs` as a process of its own.
@Suite(.threadOfItsOwn) struct CLITimeZoneTests {
    /// A local time is read in the zone the C library gives (`$TZ`, here a POSIX rule for Central European time, so
    /// that no zone database is needed), with its daylight-saving changes.
    @Test func aLocalDateIsReadInTheSystemsZoneAndAMomentThatDoesNotExistIsRefused() throws {
        let cli = try PrefsCLI()
        let zone = ["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"]
        for (typed, utc) in [
            ("2026-11-23 15:00", "2026-11-23T14:00:00Z"), ("2026-07-01 15:00:30", "2026-07-01T13:00:30Z"),
            ("2026-07-01 15:00 -05:30", "2026-07-01T20:30:00Z"),
        ] {
            let write = try cli.run(["write", "app", "when", "--type", "date", typed], extraEnvironment: zone)
            #expect(write.status == 0, "\(typed): \(write.error)")
            #expect(try cli.run("read", "app", "when").output == "\(utc)\n", "\(typed)")
        }
        // The clocks go from 02:00 to 03:00 on 2026-03-29; February has no 30th.
        for typed in ["2026-03-29 02:30", "2026-02-30 10:00", "2026-11-23 15:00 +19:00"] {
            let write = try cli.run(["write", "app", "when", "--type", "date", typed], extraEnvironment: zone)
            #expect(write.status != 0, "\(typed)")
        }
        #expect(try cli.run("read", "app", "when").output == "2026-07-01T20:30:00Z\n", "nothing was written")
    }
}
