#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PropertyListValue {
    /// The value as a user reads and types it.
    ///
    /// Strings are bare, Booleans are `true` and `false`, dates are ISO 8601, data is base64, and arrays and
    /// dictionaries are compact JSON with sorted keys. ``init(parsing:as:)`` reads this form back.
    ///
    /// - Important: Strings are not escaped here; a terminal front end must pass the text through
    ///   ``TextEscaping/escaped(_:escapingBackslashes:)`` before showing it.
    public var text: String {
        switch self {
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .unsignedInt(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): value
        case .data(let value): value.base64EncodedString()
        case .date(let value): ISO8601Dates.format(value)
        case .array, .dictionary: jsonText()
        }
    }

    /// Parses text typed by a user, or given as a launch argument, as a value of the given kind.
    ///
    /// - Parameters:
    ///   - text: The text to parse. Surrounding white space is ignored except for strings.
    ///   - kind: The kind the value must have.
    /// - Throws: ``PropertyListValueParseError`` naming the text and what was expected.
    public init(parsing text: String, as kind: PrimitiveKind) throws(PropertyListValueParseError) {
        // Foundation's trimming costs microseconds even when there is nothing to trim, and journal readers parse a
        // date for every record.
        let padded = [text.unicodeScalars.first, text.unicodeScalars.last].contains {
            $0.map(\.properties.isWhitespace) ?? false
        }
        let trimmed = padded ? text.trimmingWhiteSpace(includingNewlines: true) : text
        switch kind {
        case .string:
            self = .string(text)
        case .bool:
            switch trimmed.lowercased() {
            case "true", "yes", "on", "1": self = .bool(true)
            case "false", "no", "off", "0": self = .bool(false)
            default:
                throw PropertyListValueParseError(
                    expected: kind, input: text, reason: "is not a Boolean (true or false)")
            }
        case .int:
            guard let value = PropertyListValue.integer(parsing: trimmed) else {
                let digits = trimmed.drop { $0 == "+" || $0 == "-" }
                let reason =
                    if !digits.isEmpty && digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
                        "is outside the integers a property list holds (\(Int64.min)...\(UInt64.max))"
                    } else if Double(trimmed) == nil {
                        "is not an integer"
                    } else {
                        "is not a whole number"
                    }
                throw PropertyListValueParseError(expected: kind, input: text, reason: reason)
            }
            self = value
        case .double:
            guard let value = Double(trimmed), value.isFinite else {
                throw PropertyListValueParseError(expected: kind, input: text, reason: "is not a finite number")
            }
            self = .double(value)
        case .date:
            guard let date = DateText.parse(trimmed) else {
                throw PropertyListValueParseError(
                    expected: kind, input: text, reason: "is not a date: give \(DateText.forms)")
            }
            self = .date(date)
        case .data:
            guard let data = Data(base64Encoded: trimmed) else {
                throw PropertyListValueParseError(expected: kind, input: text, reason: "is not base64 data")
            }
            self = .data(data)
        case .array, .dictionary:
            try self.init(jsonText: trimmed, as: kind)
        }
    }
}
