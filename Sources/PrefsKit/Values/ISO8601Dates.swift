import Foundation

/// Formats and parses the ISO 8601 dates that PrefsKit shows and accepts.
///
/// Whole seconds print without a fraction, as property lists do; a fraction prints to the millisecond.
enum ISO8601Dates {
    static func format(_ date: Date) -> String {
        let hasFraction = date.timeIntervalSinceReferenceDate.rounded(.down) != date.timeIntervalSinceReferenceDate
        return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: hasFraction))
    }

    /// Parses a date-time with a `Z` or numeric offset, with or without fractional seconds, or a bare
    /// `YYYY-MM-DD` date, taken as midnight UTC.
    static func parse(_ text: String) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        if text.count == 10, let date = try? Date.ISO8601FormatStyle().year().month().day().parse(text) {
            return date
        }
        return nil
    }
}
