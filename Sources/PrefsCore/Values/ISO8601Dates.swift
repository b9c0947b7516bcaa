#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Formats and parses the ISO 8601 dates that PrefsKit shows and accepts.
///
/// Whole seconds print without a fraction, as property lists do; a fraction prints to the millisecond, or finer when a
/// date holds more (a binary property list keeps `Date()` to the microsecond): always with the fewest digits that read
/// back as the very same date, so that a recording, an export or a journal gives every date back exactly.
package enum ISO8601Dates {
    static func format(_ date: Date) -> String {
        let hasFraction = date.timeIntervalSinceReferenceDate.rounded(.down) != date.timeIntervalSinceReferenceDate
        if let text = fastFormat(date, hasFraction: hasFraction) { return text }
        return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: hasFraction))
    }

    /// Formats dates from 1970 to 9999 directly, in UTC.
    ///
    /// `ISO8601FormatStyle` takes tens of microseconds, and the journal stamps every write; a test checks this against
    /// the style for random dates.
    static func fastFormat(_ date: Date, hasFraction: Bool) -> String? {
        let interval = date.timeIntervalSince1970
        guard interval >= 0, interval < 253_402_300_800 else { return nil }  // up to 9999-12-31T23:59:59
        let seconds = Int(interval.rounded(.down))
        let reference = date.timeIntervalSinceReferenceDate
        let (year, month, day) = civilDate(daysSince1970: seconds / 86_400)
        let time = seconds % 86_400
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        text += "T" + pad(time / 3600, 2) + ":" + pad(time / 60 % 60, 2) + ":" + pad(time % 60, 2)
        if hasFraction { text += "." + fraction(reference, whole: reference.rounded(.down)) }
        return text + "Z"
    }

    /// The fewest fraction digits, three at least and nine at most, that ``fastParse(_:)`` reads back as this very
    /// date; the nearest nine when none does (a date within months of 2001, whose Double is finer than a nanosecond).
    ///
    /// `.804` is stored as a Double a hair below it, which truncating would show as `.803`, a date nobody wrote;
    /// rounding and reading back shows `.804`, and a date no millisecond gives back gets the digits that do.
    private static func fraction(_ reference: Double, whole: Double) -> String {
        var scale = 1000
        var nearest = ""
        for digits in 3...9 {
            let value = min(Int(((reference - whole) * Double(scale)).rounded()), scale - 1)
            nearest = pad(value, digits)
            if whole + Double(value) / Double(scale) == reference { return nearest }
            scale *= 10
        }
        return nearest
    }

    /// Parses exactly what ``fastFormat(_:hasFraction:)`` prints, in UTC, for the same reason; anything else is left
    /// to Foundation.
    static func fastParse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        // Whole seconds, or a fraction of one to nine digits.
        guard bytes.count == 20 || (22...29).contains(bytes.count), bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? { decimal(bytes, range) }
        let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
        guard separators.allSatisfy({ bytes[$0.0] == $0.1.asciiValue }),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19), year >= 1970, (1...12).contains(month),
            (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        var fraction = 0.0
        if bytes.count > 20 {
            let digits = bytes.count - 21
            guard bytes[19] == UInt8(ascii: "."), let value = number(20..<(20 + digits)) else { return nil }
            var scale = 1
            for _ in 0..<digits { scale *= 10 }
            fraction = Double(value) / Double(scale)
        }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
        // Built as Foundation builds it, from the reference date, so that both give the very same Double.
        return Date(timeIntervalSinceReferenceDate: Double(seconds - 978_307_200) + fraction)
    }

    /// The decimal number the ASCII digits at `range` spell, or `nil` when one is not a digit or the range runs past
    /// the end.
    package static func decimal<Digits: RandomAccessCollection<UInt8>>(_ digits: Digits, _ range: Range<Int>) -> Int?
    where Digits.Index == Int {
        guard range.lowerBound >= digits.startIndex, range.upperBound <= digits.endIndex else { return nil }
        var value = 0
        for index in range {
            let digit = Int(digits[index]) - 0x30
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// The day count of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    package static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The proleptic Gregorian date of a day count (Howard Hinnant's `civil_from_days`).
    private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Parses a date-time with a `Z` or numeric offset, with or without fractional seconds, or a bare
    /// `YYYY-MM-DD` date, taken as midnight UTC.
    ///
    /// Every field is checked: `2024-02-30`, `T24:00:00` and `+25:00` are refused rather than rolled over into
    /// another day, as Foundation's parser would.
    ///
    /// - Parameter text: `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM:SS` with an optional fraction and then `Z`, `±HH:MM` or
    ///   `±HHMM`.
    /// - Returns: The date, or `nil` when the text is not such a date or names one that does not exist.
    static func parse(_ text: String) -> Date? {
        if let date = fastParse(text) { return date }
        let bytes = Array(text.trimmingWhiteSpace().utf8)
        func number(_ range: Range<Int>) -> Int? { decimal(bytes, range) }
        func byte(_ index: Int, is character: Character) -> Bool {
            index < bytes.count && bytes[index] == character.asciiValue
        }
        guard let year = number(0..<4), byte(4, is: "-"), let month = number(5..<7), byte(7, is: "-"),
            let day = number(8..<10), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = daysSince1970(year: year, month: month, day: day) * 86_400
        guard bytes.count > 10 else { return Date(timeIntervalSinceReferenceDate: Double(seconds - 978_307_200)) }
        guard byte(10, is: "T"), let hour = number(11..<13), byte(13, is: ":"), let minute = number(14..<16),
            byte(16, is: ":"), let second = number(17..<19), hour < 24, minute < 60, second < 60
        else { return nil }
        seconds += hour * 3600 + minute * 60 + second
        var cursor = 19
        var fraction = 0.0
        if byte(cursor, is: ".") {
            let start = cursor + 1
            cursor = start
            while cursor < bytes.count, (48...57).contains(bytes[cursor]) { cursor += 1 }
            guard cursor > start, cursor - start <= 9,
                let value = Double("0." + String(decoding: bytes[start..<cursor], as: UTF8.self))
            else { return nil }
            fraction = value
        }
        if byte(cursor, is: "Z") {
            cursor += 1
        } else if byte(cursor, is: "+") || byte(cursor, is: "-") {
            let sign = byte(cursor, is: "-") ? -1 : 1
            guard let offsetHours = number((cursor + 1)..<(cursor + 3)), offsetHours < 24 else { return nil }
            cursor += 3
            if byte(cursor, is: ":") { cursor += 1 }
            guard let offsetMinutes = number(cursor..<(cursor + 2)), offsetMinutes < 60 else { return nil }
            cursor += 2
            seconds -= sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard cursor == bytes.count else { return nil }
        return Date(timeIntervalSinceReferenceDate: Double(seconds - 978_307_200) + fraction)
    }
}
