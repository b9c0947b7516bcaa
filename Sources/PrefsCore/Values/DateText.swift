public import Foundation

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
    /// - Parameters:
    ///   - text: The text; surrounding white space is ignored.
    ///   - timeZone: The zone of a local time without an offset.
    /// - Returns: The date, or `nil` when the text is in none of the forms or names a day that does not exist.
    public static func parse(_ text: String, timeZone: TimeZone = .current) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let date = ISO8601Dates.parse(trimmed) { return date }
        // `prefs log`'s local form ends in its offset, `+01:00`: the zone it names, not the reader's.
        var body = Substring(trimmed)
        var zone = timeZone
        if let space = trimmed.lastIndex(of: " "), let offset = offsetSeconds(trimmed[trimmed.index(after: space)...]) {
            guard let named = TimeZone(secondsFromGMT: offset) else { return nil }
            body = trimmed[..<space]
            zone = named
        }
        for format in ["yyyy-MM-dd HH:mm:ss.SSS", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = zone
            formatter.isLenient = false
            formatter.dateFormat = format
            // A formatter rolls 2026-02-30 over into March: the text must be what the date formats back to.
            if let date = formatter.date(from: String(body)), formatter.string(from: date) == body { return date }
        }
        return nil
    }

    /// The seconds east of UTC an offset such as `+01:00` names, or `nil` for anything else.
    private static func offsetSeconds(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
            bytes[3] == UInt8(ascii: ":"), let hours = ISO8601Dates.decimal(bytes, 1..<3),
            let minutes = ISO8601Dates.decimal(bytes, 4..<6), hours < 24, minutes < 60
        else { return nil }
        return (bytes[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}
