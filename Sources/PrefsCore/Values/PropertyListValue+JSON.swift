#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PropertyListValue {
    /// The value as a JSON-compatible object: dates become ISO 8601 strings and data becomes base64 strings.
    public var jsonObject: Any {
        switch self {
        case .bool(let value): value
        case .int(let value): value
        case .unsignedInt(let value): value
        case .double(let value): value
        case .string(let value): value
        case .data(let value): value.base64EncodedString()
        case .date(let value): ISO8601Dates.format(value)
        case .array(let elements): elements.map(\.jsonObject)
        case .dictionary(let elements): elements.mapValues(\.jsonObject)
        }
    }

    /// The value as JSON text, with keys sorted by their UTF-8 bytes and slashes unescaped.
    ///
    /// - Parameter pretty: Whether to indent the text over several lines.
    /// - Returns: The JSON text; for a value holding a real JSON cannot hold (NaN, an infinity), which only another
    ///   program can have written, the value's own text instead.
    public func jsonText(pretty: Bool = false) -> String {
        if !pretty, let text = compactJSONText { return text }
        return JSONValue(self)?.text(pretty: pretty) ?? String(describing: jsonObject)
    }

    /// Parses JSON text as a value of the given kind.
    ///
    /// Integers stay exact from `Int64.min` to `UInt64.max`; one beyond that range, a number too large for a `Double`,
    /// `null`, and nesting deeper than a property list allows (512 levels) are refused rather than wrapped, rounded
    /// or dropped.
    ///
    /// - Parameters:
    ///   - jsonText: The JSON text.
    ///   - kind: The kind the value must have, or `nil` to accept any JSON value.
    /// - Throws: ``PropertyListValueParseError`` when the text is not JSON or does not fit `kind`.
    public init(jsonText: String, as kind: PrimitiveKind?) throws(PropertyListValueParseError) {
        var text = jsonText
        guard let parsed = text.withUTF8({ JSONValue.parse($0) }) else {
            let depth = text.withUTF8 { JSONValue.nestingDepth($0) }
            let limit = JSONValue.defaultMaximumDepth
            let duplicate = text.withUTF8 { JSONValue.duplicateName($0) }
            throw PropertyListValueParseError(
                expected: kind ?? .string, input: jsonText,
                reason: depth > limit
                    ? "nests arrays or objects deeper than \(limit) levels"
                    : duplicate.map { "names \(TextEscaping.quoted($0, limit: 80)) twice in one object" }
                        ?? "is not valid JSON (\(text.withUTF8 { JSONValue.syntaxErrorLocation($0) }))")
        }
        let found = try PropertyListValue(json: parsed, expected: kind ?? .string)
        guard let kind else {
            self = found
            return
        }
        self = try found.coerced(to: kind)
    }

    /// Converts parsed JSON, keeping numbers exact and refusing what a property list cannot hold.
    private init(json: JSONValue, expected: PrimitiveKind) throws(PropertyListValueParseError) {
        switch json {
        case .bool(let flag):
            self = .bool(flag)
        case .string(let text):
            self = .string(text)
        case .number(let text) where expected == .double:
            // A real is read as the nearest `Double` whatever its form: `19223372036854775807` is a real bound too.
            guard let number = Double(text), number.isFinite else {
                throw PropertyListValueParseError(expected: expected, input: text, reason: "is not a finite number")
            }
            self = .double(number)
        case .number(let text):
            if !text.utf8.contains(where: {
                $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
            }) {
                guard let integer = PropertyListValue.integer(parsing: text) else {
                    throw PropertyListValueParseError(
                        expected: expected, input: text,
                        reason: "is outside the integers a property list holds (\(Int64.min)...\(UInt64.max))")
                }
                self = integer
            } else {
                guard let number = Double(text), number.isFinite else {
                    throw PropertyListValueParseError(expected: expected, input: text, reason: "is not a finite number")
                }
                self = .double(number)
            }
        case .array(let elements):
            var values: [PropertyListValue] = []
            values.reserveCapacity(elements.count)
            for element in elements { values.append(try PropertyListValue(json: element, expected: expected)) }
            self = .array(values)
        case .object(let members):
            var values: [String: PropertyListValue] = [:]
            values.reserveCapacity(members.count)
            for (key, member) in members { values[key] = try PropertyListValue(json: member, expected: expected) }
            self = .dictionary(values)
        case .null:
            throw PropertyListValueParseError(
                expected: expected, input: "null", reason: "is not allowed: a property list has no null")
        }
    }

    /// Converts parsed JSON to a value of the given kind.
    ///
    /// Integral numbers become integers where an integer is expected, ISO 8601 strings become dates and base64
    /// strings become data. With no kind given, numbers keep the form JSON gave them.
    ///
    /// - Parameters:
    ///   - json: The parsed JSON.
    ///   - kind: The kind the value must have, or `nil` to accept anything.
    /// - Throws: ``PropertyListValueParseError`` naming the first element that does not fit, or `null`.
    package init(json: JSONValue, as kind: PrimitiveKind?) throws(PropertyListValueParseError) {
        let found = try PropertyListValue(json: json, expected: kind ?? .string)
        guard let kind else {
            self = found
            return
        }
        self = try found.coerced(to: kind)
    }

    /// Converts a value read from JSON to the given kind, or fails naming what did not fit.
    ///
    /// Integral numbers become integers where an integer is expected, ISO 8601 strings become dates and base64
    /// strings become data.
    ///
    /// - Parameter kind: The kind the value must have.
    /// - Returns: The value as that kind.
    /// - Throws: ``PropertyListValueParseError`` naming the first element that does not fit.
    public func coerced(to kind: PrimitiveKind) throws(PropertyListValueParseError) -> PropertyListValue {
        switch (kind, self) {
        case (.bool, .bool), (.int, .int), (.int, .unsignedInt), (.double, .double), (.string, .string), (.data, .data),
            (.date, .date):
            return self
        case (.double, .int(let value)):
            return .double(Double(value))
        case (.double, .unsignedInt(let value)):
            return .double(Double(value))
        case (.int, .double(let value)) where value.rounded() == value && value >= -0x1p63 && value < 0x1p63:
            return .int(Int(value))
        case (.date, .string(let text)), (.data, .string(let text)):
            return try PropertyListValue(parsing: text, as: kind)
        case (.array(let element), .array(let elements)):
            guard let element else { return self }
            var converted: [PropertyListValue] = []
            for value in elements { converted.append(try value.coerced(to: element)) }
            return .array(converted)
        case (.dictionary(let element), .dictionary(let elements)):
            guard let element else { return self }
            var converted: [String: PropertyListValue] = [:]
            for (key, value) in elements { converted[key] = try value.coerced(to: element) }
            return .dictionary(converted)
        default:
            throw PropertyListValueParseError(expected: kind, input: text, reason: "is not \(kind.article)")
        }
    }
}

extension PrimitiveKind {
    /// The kind with an indefinite article, for error messages: "an integer", "an array of strings".
    var article: String {
        switch self {
        case .bool: "a Boolean"
        case .int: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .data: "base64 data"
        case .date: "an ISO 8601 date"
        case .array(let element): element.map { "an array of \($0.plural)" } ?? "an array"
        case .dictionary(let element): element.map { "a dictionary of \($0.plural)" } ?? "a dictionary"
        }
    }

    private var plural: String {
        switch self {
        case .bool: "Booleans"
        case .int: "integers"
        case .double: "numbers"
        case .string: "strings"
        case .data: "data"
        case .date: "dates"
        case .array: "arrays"
        case .dictionary: "dictionaries"
        }
    }
}
