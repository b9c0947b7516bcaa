#if canImport(FoundationEssentials)
import PrefsSystem
public import FoundationEssentials
#else
public import Foundation
#endif

/// The one reader of dates typed by people: a date value (`prefs write --type date`, the editor, launch arguments)
/// and a moment (`prefs undo --to`) accept the same forms.
///
/// ISO 8601 (`2026-11-23T14:00:00Z`, with a fraction or an offset; a bare `2026-11-23` is midnight UTC), checked
/// field by field, or a local date and time as `prefs log` shows it (`2026-11-23 15:00`, `2026-11-23 15:00:30`,
/// `2026-11-23 15:04:05.123 +01:00`).
public enum DateText {
    /// The forms, for messages.
    public static let forms = "ISO 8601 (2026-11-23T14:00:00Z) or a local time (2026-11-23 15:00)"

    /// Reads a date.
    ///
    /// A local time without an offset is read in the system's zone (`$TZ`, `/etc/localtime`), as `prefs log` shows
    /// it.
    ///
    /// - Parameter text: The text; surrounding white space is ignored.
    /// - Returns: The date, or `nil` when the text is in none of the forms, names a day that does not exist, or names
    ///   a local time that a change of clocks skips.
    public static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingWhiteSpace()
        if let date = ISO8601Dates.parse(trimmed) { return date }
        // `prefs log`'s local form ends in its offset, `+01:00`: the zone it names, not the reader's.
        var body = Substring(trimmed)
        var offset: Int?
        if let space = trimmed.lastIndex(of: " "), let seconds = offsetSeconds(trimmed[trimmed.index(after: space)...])
        {
            body = trimmed[..<space]
            offset = seconds
        }
        guard let (time, milliseconds) = localFields(body),
            let seconds = time.secondsSince1970(offset: offset)
        else { return nil }
        return Date(timeIntervalSince1970: Double(seconds) + Double(milliseconds) / 1000)
    }

    /// The fields of `yyyy-MM-dd HH:mm`, with `:ss` and then `.SSS` if present, each with exactly its digits.
    private static func localFields(_ text: Substring) -> (CivilTime, milliseconds: Int)? {
        let bytes = Array(text.utf8)
        let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, " "), (13, ":"), (16, ":"), (19, ".")]
        guard [16, 19, 23].contains(bytes.count),
            separators.allSatisfy({ $0.0 >= bytes.count || bytes[$0.0] == $0.1.asciiValue }),
            let year = ISO8601Dates.decimal(bytes, 0..<4), let month = ISO8601Dates.decimal(bytes, 5..<7),
            let day = ISO8601Dates.decimal(bytes, 8..<10), let hour = ISO8601Dates.decimal(bytes, 11..<13),
            let minute = ISO8601Dates.decimal(bytes, 14..<16)
        else { return nil }
        let second = bytes.count > 16 ? ISO8601Dates.decimal(bytes, 17..<19) : 0
        let milliseconds = bytes.count > 19 ? ISO8601Dates.decimal(bytes, 20..<23) : 0
        guard let second, let milliseconds else { return nil }
        return (CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second), milliseconds)
    }

    /// The seconds east of UTC an offset such as `+01:00` names, or `nil` for anything else.
    private static func offsetSeconds(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
            bytes[3] == UInt8(ascii: ":"), let hours = ISO8601Dates.decimal(bytes, 1..<3),
            let minutes = ISO8601Dates.decimal(bytes, 4..<6), hours * 60 + minutes <= 18 * 60, minutes < 60
        else { return nil }
        return (bytes[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}
