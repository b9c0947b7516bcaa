import Foundation
import PrefsTestHelpers
import PrefsTools
import Testing

/// Local time, read and shown in the zone of the process: `$TZ` is read by the C library once per process, so this
/// runs `prefs` as a process of its own, with POSIX rules that need no zone database.
@Suite(.threadOfItsOwn) struct CLITimeZoneTests {
    /// A local time typed is read in Central European time, with its daylight-saving changes; `prefs log` shows a
    /// write at 5:30 east of UTC, and the time it shows reads back as the moment of the write.
    @Test func localTimeIsReadAndShownInTheSystemsZone() throws {
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

        let before = Date()
        try cli.run("write", "app", "theme", "dark")
        let after = Date()
        let line = try #require(try cli.run(["log", "app", "theme"], extraEnvironment: ["TZ": "IST-5:30"]).lines.first)
        let shown = String(line.prefix { $0 != " " }) + " " + line.split(separator: " ")[1]
        #expect(line.split(separator: " ")[2] == "+05:30", "\(line)")
        let moment = try TimeText.parse(shown + " +05:30")
        #expect(TimeText.milliseconds(moment) >= TimeText.milliseconds(before), "\(line)")
        #expect(TimeText.milliseconds(moment) <= TimeText.milliseconds(after), "\(line)")
        let utc = try #require(try cli.run(["log", "app", "theme"], extraEnvironment: ["TZ": "UTC0"]).lines.first)
        #expect(utc.split(separator: " ")[2] == "+00:00", "\(utc)")
        #expect(try TimeText.parse(String(utc.split(separator: " ").prefix(3).joined(separator: " "))) == moment)
    }
}
