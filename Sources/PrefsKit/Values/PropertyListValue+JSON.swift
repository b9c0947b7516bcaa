import Foundation

extension PropertyListValue {
    /// The value as a JSON-compatible object: dates become ISO 8601 strings and data becomes base64 strings.
    public var jsonObject: Any {
        switch self {
        case .bool(let value): value
        case .int(let value): value
        case .double(let value): value
        case .string(let value): value
        case .data(let value): value.base64EncodedString()
        case .date(let value): ISO8601Dates.format(value)
        case .array(let elements): elements.map(\.jsonObject)
        case .dictionary(let elements): elements.mapValues(\.jsonObject)
        }
    }

    /// The value as JSON text, with sorted keys and unescaped slashes.
    ///
    /// - Parameter pretty: Whether to indent the text over several lines.
    /// - Returns: The JSON text.
    public func jsonText(pretty: Bool = false) -> String {
        var options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]
        if pretty { options.insert(.prettyPrinted) }
        // Every case maps to a JSON type and doubles are finite when they come from a parse; a non-finite double
        // written by another program is the one thing JSON cannot hold, so it falls back to its text.
        guard let data = try? JSONSerialization.data(withJSONObject: jsonObject, options: options) else {
            return String(describing: jsonObject)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Parses JSON text as a value of the given kind.
    ///
    /// - Parameters:
    ///   - jsonText: The JSON text.
    ///   - kind: The kind the value must have, or `nil` to accept any JSON value.
    /// - Throws: ``PropertyListValueParseError`` when the text is not JSON or does not fit `kind`.
    public init(jsonText: String, as kind: PrimitiveKind?) throws(PropertyListValueParseError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(jsonText.utf8), options: .fragmentsAllowed)
        } catch {
            throw PropertyListValueParseError(expected: kind ?? .string, input: jsonText, reason: "is not valid JSON")
        }
        try self.init(jsonObject: object, as: kind)
    }

    /// Converts an object from `JSONSerialization` to a value of the given kind.
    ///
    /// Integral numbers become integers where an integer is expected, ISO 8601 strings become dates and base64
    /// strings become data. With no kind given, numbers keep the form JSON gave them.
    ///
    /// - Parameters:
    ///   - jsonObject: The object.
    ///   - kind: The kind the value must have, or `nil` to accept anything.
    /// - Throws: ``PropertyListValueParseError`` naming the first element that does not fit.
    public init(jsonObject: Any, as kind: PrimitiveKind?) throws(PropertyListValueParseError) {
        guard !(jsonObject is NSNull), let found = PropertyListValue(propertyListObject: jsonObject) else {
            throw PropertyListValueParseError(expected: kind ?? .string, input: "null", reason: "is not allowed here")
        }
        guard let kind else {
            self = found
            return
        }
        self = try found.coerced(to: kind)
    }

    /// Converts a value read from JSON to the given kind, or fails naming what did not fit.
    func coerced(to kind: PrimitiveKind) throws(PropertyListValueParseError) -> PropertyListValue {
        switch (kind, self) {
        case (.bool, .bool), (.int, .int), (.double, .double), (.string, .string), (.data, .data), (.date, .date):
            return self
        case (.double, .int(let value)):
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
