import PrefsCore
import PrefsSystem

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// How times are shown and read on the command line: local time unless `--utc`.
public enum TimeText {
    /// A moment for people: `2026-11-23 15:04:05.123 +01:00` in local time, or ISO 8601 in UTC.
    ///
    /// - Parameters:
    ///   - date: The moment.
    ///   - utc: Whether to write it in UTC, as ISO 8601 (`2026-11-23T14:04:05.123Z`).
    /// - Returns: The text.
    public static func format(_ date: Date, utc: Bool) -> String {
        // Both forms name the millisecond, always with its three digits: a value's date prints with every digit it
        // holds (``/PrefsCore/PropertyListValue``), but a moment is shown as a log shows it.
        let total = milliseconds(date)
        let (seconds, millisecond) = total.quotientAndRemainder(dividingBy: 1000)
        let (second, fraction) = millisecond < 0 ? (seconds - 1, millisecond + 1000) : (seconds, millisecond)
        guard !utc else {
            let whole = PropertyListValue.date(Date(timeIntervalSince1970: Double(second))).text
            return whole.dropLast() + "." + String(String(1000 + fraction).dropFirst()) + "Z"
        }
        // Local time as the C library reads the system's zone: FoundationEssentials knows no zone but UTC.
        guard let (time, offset) = CivilTime.local(secondsSince1970: Int(second)) else {
            return PropertyListValue.date(date).text
        }
        func padded(_ number: Int, _ width: Int) -> String {
            let digits = String(abs(number))
            return (number < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let zone = (offset < 0 ? "-" : "+") + padded(abs(offset) / 3600, 2) + ":" + padded(abs(offset) % 3600 / 60, 2)
        return "\(padded(time.year, 4))-\(padded(time.month, 2))-\(padded(time.day, 2)) "
            + "\(padded(time.hour, 2)):\(padded(time.minute, 2)):\(padded(time.second, 2)).\(padded(Int(fraction), 3)) \(zone)"
    }

    /// The millisecond a moment is shown as, since 1970: truncated, as both forms show it.
    public static func milliseconds(_ date: Date) -> Int64 {
        let interval = date.timeIntervalSince1970
        let seconds = interval.rounded(.down)
        // To the microsecond first: a parsed `.456` is stored as .45599999…, which truncation alone makes 455.
        let microseconds = ((interval - seconds) * 1_000_000).rounded()
        return Int64(seconds) * 1000 + Int64((microseconds / 1000).rounded(.down))
    }

    /// Reads a moment: a date as every date typed is read (``/PrefsCore/DateText``: ISO 8601, or a local time as
    /// `prefs log` shows it), a time ago (`90s`, `5m`, `2h`, `7d`), or `today` (local midnight).
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - now: The present, for times ago and today.
    /// - Returns: The moment.
    /// - Throws: ``ToolError`` naming the text and the forms it may take.
    public static func parse(_ text: String, now: Date = Date()) throws -> Date {
        if text == "today", let midnight = startOfDay(now) { return midnight }
        if let seconds = seconds(in: text) { return now.addingTimeInterval(-seconds) }
        if let date = DateText.parse(text) { return date }
        throw ToolError(
            "\(TextEscaping.quoted(text, limit: 60)) is not a time: give ISO 8601 (2026-11-23T14:00:00Z), a local "
                + "time (2026-11-23 15:00), a time ago (90s, 5m, 2h, 7d) or today", code: .usage)
    }

    /// Reads a span of time: `500ms`, `90s`, `5m`, `2h`, `1d`, as `prefs record --for` takes it.
    ///
    /// - Throws: ``ToolError`` naming the text and the forms it may take.
    public static func duration(_ text: String) throws -> Duration {
        if text.hasSuffix("ms"), let amount = Double(text.dropLast(2)), amount >= 0, amount.isFinite {
            return .milliseconds(amount)
        }
        guard let seconds = seconds(in: text) else {
            throw ToolError(
                "\(TextEscaping.quoted(text, limit: 60)) is not a span of time: give 500ms, 90s, 5m, 2h or 1d",
                code: .usage)
        }
        return .milliseconds(seconds * 1000)
    }

    /// The seconds a span such as `90s`, `5m`, `2h` or `1d` holds, or `nil` for other text.
    private static func seconds(in text: String) -> Double? {
        guard let last = text.last, let unit = ["s": 1.0, "m": 60, "h": 3600, "d": 86400][String(last)],
            let amount = Double(text.dropLast()), amount >= 0, amount.isFinite
        else { return nil }
        return amount * unit
    }

    /// The local midnight that began a moment's day, or the first hour of it a change of clocks left.
    private static func startOfDay(_ moment: Date) -> Date? {
        guard let (time, _) = CivilTime.local(secondsSince1970: Int(moment.timeIntervalSince1970.rounded(.down)))
        else { return nil }
        for hour in 0..<3 {
            let start = CivilTime(year: time.year, month: time.month, day: time.day, hour: hour, minute: 0, second: 0)
            if let seconds = start.secondsSince1970(offset: nil) {
                return Date(timeIntervalSince1970: TimeInterval(seconds))
            }
        }
        return nil
    }
}
