import Foundation
public import PrefsCore

extension PropertyListValue {
    /// Converts a Foundation property-list object, as `UserDefaults` or `PropertyListSerialization` returns it.
    ///
    /// It accepts Swift values, `NSNumber`s and the `[Any?]` arrays that swift-corelibs-foundation returns. Booleans
    /// are told apart from integers by their Swift type, or for an `NSNumber` by its Objective-C type code.
    ///
    /// The initializer fails when `object`, or anything inside it, is not a property-list type.
    ///
    /// - Parameter object: The object to convert.
    public init?(propertyListObject object: Any) {
        switch object {
        case let value as Bool where !(object is NSNumber) || Self.isBoolean(object):
            self = .bool(value)
        case let value as String:
            self = .string(value)
        case let value as Date:
            self = .date(value)
        case let value as Data:
            self = .data(value)
        case let value as URL:
            self = .string(value.absoluteString)
        case let value as NSNumber:
            self = Self.number(value)
        case let value as [Any?]:
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(value.count)
            for element in value {
                guard let element, let converted = PropertyListValue(propertyListObject: element) else { return nil }
                elements.append(converted)
            }
            self = .array(elements)
        case let value as [String: Any?]:
            var elements: [String: PropertyListValue] = [:]
            elements.reserveCapacity(value.count)
            for (key, element) in value {
                guard let element, let converted = PropertyListValue(propertyListObject: element) else { return nil }
                elements[key] = converted
            }
            self = .dictionary(elements)
        default:
            guard let number = Self.swiftNumber(object) else { return nil }
            self = number
        }
    }

    /// The value as a Foundation property-list object, ready for `UserDefaults.set(_:forKey:)` or
    /// `PropertyListSerialization`.
    public var propertyListObject: Any {
        switch self {
        case .bool(let value): value
        case .int(let value): value
        case .unsignedInt(let value): value
        case .double(let value): value
        case .string(let value): value
        case .data(let value): value
        case .date(let value): value
        case .array(let elements): elements.map(\.propertyListObject)
        case .dictionary(let elements): elements.mapValues(\.propertyListObject)
        }
    }

    /// Converts an object from `JSONSerialization` to a value of the given kind.
    ///
    /// Integral numbers become integers where an integer is expected, ISO 8601 strings become dates and base64
    /// strings become data. With no kind given, numbers keep the form JSON gave them.
    ///
    /// - Parameters:
    ///   - jsonObject: The object.
    ///   - kind: The kind the value must have, or `nil` to accept anything.
    /// - Throws: ``/PrefsCore/PropertyListValueParseError`` naming the first element that does not fit.
    public init(jsonObject: Any, as kind: PrimitiveKind?) throws(PropertyListValueParseError) {
        guard !(jsonObject is NSNull), let found = PropertyListValue(propertyListObject: jsonObject) else {
            throw PropertyListValueParseError(
                expected: kind ?? .string, input: "null", reason: "is not allowed: a property list has no null")
        }
        guard let kind else {
            self = found
            return
        }
        self = try found.coerced(to: kind)
    }

    // MARK: - Numbers

    private static func isBoolean(_ object: Any) -> Bool {
        guard let number = object as? NSNumber else { return object is Bool }
        // "c" is the type code of a C `char`, which is how NSNumber records a Boolean; integers never use it.
        return String(cString: number.objCType) == "c"
    }

    private static func number(_ number: NSNumber) -> PropertyListValue {
        switch String(cString: number.objCType) {
        case "c":
            return .bool(number.boolValue)
        case "f", "d":
            // JSONSerialization returns integers beyond Int64's positive range, and Int.min, as decimal numbers typed
            // as doubles; an integral one that fits is still an integer.
            if number is NSDecimalNumber, let integer = PropertyListValue.integer(parsing: number.stringValue) {
                return integer
            }
            return .double(number.doubleValue)
        case "Q", "L", "I", "S", "C":
            // Unsigned: Foundation reads integers above Int64.max from property lists this way.
            return .integer(exactly: number.uint64Value) ?? .int(number.intValue)
        default:
            return .int(number.intValue)
        }
    }

    private static func swiftNumber(_ object: Any) -> PropertyListValue? {
        switch object {
        case let value as Int: .int(value)
        case let value as Double: .double(value)
        case let value as Float: .double(Double(value))
        case let value as Int8: .int(Int(value))
        case let value as Int16: .int(Int(value))
        case let value as Int32: .int(Int(value))
        case let value as Int64: .int(Int(value))
        case let value as UInt8: .int(Int(value))
        case let value as UInt16: .int(Int(value))
        case let value as UInt32: .int(Int(value))
        case let value as UInt64: .integer(exactly: value)
        case let value as UInt: .integer(exactly: value)
        default: nil
        }
    }
}
