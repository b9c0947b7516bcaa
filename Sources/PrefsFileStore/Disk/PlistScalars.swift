import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the character data of `<integer>`, `<real>` and `<date>` elements as Foundation's property-list parser does,
/// so that the fast reader accepts exactly the values Foundation accepts and gives them the same meaning.
///
/// What Foundation accepts here was established by feeding it each form; `PlistScalarsTests` checks these against
/// Foundation on random input. Anything outside the forms below returns `nil`, and the whole file is then left to
/// Foundation.
enum PlistScalars {
    /// An integer: an optional sign, then decimal digits or `0x` and hexadecimal ones, from `Int64.min` to
    /// `UInt64.max`, each kept exact.
    static func integer(_ text: UnsafeBufferPointer<UInt8>) -> PropertyListValue? {
        var cursor = 0
        var negative = false
        if cursor < text.count, text[cursor] == UInt8(ascii: "-") || text[cursor] == UInt8(ascii: "+") {
            negative = text[cursor] == UInt8(ascii: "-")
            cursor += 1
        }
        var radix: UInt64 = 10
        if cursor + 1 < text.count, text[cursor] == UInt8(ascii: "0"),
            text[cursor + 1] == UInt8(ascii: "x") || text[cursor + 1] == UInt8(ascii: "X")
        {
            radix = 16
            cursor += 2
        }
        guard cursor < text.count else { return nil }
        var magnitude: UInt64 = 0
        while cursor < text.count {
            let byte = text[cursor]
            let digit: UInt64
            switch byte {
            case 0x30...0x39: digit = UInt64(byte - 0x30)
            case 0x61...0x66 where radix == 16: digit = UInt64(byte - 0x61 + 10)
            case 0x41...0x46 where radix == 16: digit = UInt64(byte - 0x41 + 10)
            default: return nil
            }
            let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, carry) = shifted.addingReportingOverflow(digit)
            guard !overflow, !carry else { return nil }
            magnitude = sum
            cursor += 1
        }
        guard negative else { return .integer(exactly: magnitude) }
        // Int64.min's magnitude is one more than Int64.max.
        guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
        return .int(magnitude == UInt64(Int64.max) + 1 ? Int.min : -Int(magnitude))
    }

    /// A real: decimal digits with an optional sign, point and exponent, or `nan`, `inf` and `infinity` in any case.
    ///
    /// Swift's `Double(_:)` also reads hexadecimal floats, which Foundation refuses, so the characters are checked
    /// first.
    static func real(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !text.isEmpty, text.count <= 64 else { return nil }
        let string = String(decoding: text, as: UTF8.self)
        switch string.lowercased() {
        case "nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        let allowed = text.allSatisfy { byte in
            (0x30...0x39).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
                || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
        }
        guard allowed, text.contains(where: { (0x30...0x39).contains($0) }) else { return nil }
        return Double(string)
    }

    /// A date written `YYYY-MM-DDTHH:MM:SSZ`, in UTC.
    ///
    /// Foundation does not check the fields: `2024-02-30` is 1 March and `T24:00:00` the next day, so they are added
    /// up the same way here, and the file keeps what it says.
    static func date(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
        guard text.count == 20, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"),
            text[10] == UInt8(ascii: "T"), text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"),
            text[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? { ISO8601Dates.decimal(text, range) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        // Months past December roll into the next year, month 0 into the previous December.
        let monthIndex = month - 1
        let carriedYear = year + Int((Double(monthIndex) / 12).rounded(.down))
        let normalisedMonth = monthIndex - 12 * Int((Double(monthIndex) / 12).rounded(.down)) + 1
        let days = ISO8601Dates.daysSince1970(year: carriedYear, month: normalisedMonth, day: 1) + day - 1
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSinceReferenceDate: Double(seconds - 978_307_200))
    }
}
