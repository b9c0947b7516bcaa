#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// A property-list value as JSON: dates become ISO 8601 strings and data base64 strings, as every JSON the tools
    /// write has them.
    ///
    /// The initializer fails when the value holds a real JSON cannot hold (NaN, an infinity).
    ///
    /// - Parameter value: The value.
    package init?(_ value: PropertyListValue) {
        switch value {
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .number(String(number))
        case .unsignedInt(let number): self = .number(String(number))
        case .double(let number):
            guard number.isFinite else { return nil }
            self = .number(number.description)
        case .string(let text): self = .string(text)
        case .data(let bytes): self = .string(bytes.base64EncodedString())
        case .date(let date): self = .string(ISO8601Dates.format(date))
        case .array(let elements):
            var converted: [JSONValue] = []
            converted.reserveCapacity(elements.count)
            for element in elements {
                guard let element = JSONValue(element) else { return nil }
                converted.append(element)
            }
            self = .array(converted)
        case .dictionary(let elements):
            var converted: [String: JSONValue] = [:]
            converted.reserveCapacity(elements.count)
            for (key, element) in elements {
                guard let element = JSONValue(element) else { return nil }
                converted[key] = element
            }
            self = .object(converted)
        }
    }

    /// A tree of Swift values as JSON, for output built as dictionaries.
    ///
    /// It takes `[String: Any]`, `[Any]`, `String`, `Bool`, the integer types, `Double`, ``PropertyListValue`` and
    /// `JSONValue` itself; ``JSONValue/null`` stands for JSON's `null`. Booleans are never read as numbers: without
    /// Objective-C bridging, a Swift `Bool` and `Int` are distinct types.
    ///
    /// The initializer fails when the tree holds anything else, or a real JSON cannot hold.
    ///
    /// - Parameter object: The tree.
    package init?(any object: Any) {
        switch object {
        case let value as JSONValue: self = value
        case let value as PropertyListValue:
            guard let converted = JSONValue(value) else { return nil }
            self = converted
        case let value as String: self = .string(value)
        case let value as Bool: self = .bool(value)
        case let value as Int: self = .number(String(value))
        case let value as UInt64: self = .number(String(value))
        case let value as Int64: self = .number(String(value))
        case let value as Int32: self = .number(String(value))
        case let value as UInt32: self = .number(String(value))
        case let value as Double:
            guard value.isFinite else { return nil }
            self = .number(value.description)
        case let value as [String: Any]:
            var converted: [String: JSONValue] = [:]
            converted.reserveCapacity(value.count)
            for (key, element) in value {
                guard let element = JSONValue(any: element) else { return nil }
                converted[key] = element
            }
            self = .object(converted)
        case let value as [Any]:
            var converted: [JSONValue] = []
            converted.reserveCapacity(value.count)
            for element in value {
                guard let element = JSONValue(any: element) else { return nil }
                converted.append(element)
            }
            self = .array(converted)
        default: return nil
        }
    }

    // MARK: - Reading

    /// The member of an object with the given name, or `nil` when there is none or this is not an object.
    package subscript(member name: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[name]
    }

    /// The text of a string, or `nil` for anything else.
    package var stringValue: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The flag of a Boolean, or `nil` for anything else.
    package var boolValue: Bool? {
        guard case .bool(let flag) = self else { return nil }
        return flag
    }

    /// A number written as an integer that `Int` holds, or `nil` for anything else.
    package var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        return Int(text)
    }

    /// The elements of an array, or `nil` for anything else.
    package var arrayValue: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }
}
