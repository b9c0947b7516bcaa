public import Configuration
import Foundation
public import PrefsKit

extension ConfigContent {
    /// A stored value as the configuration type asked for, or `nil` when it is not one.
    ///
    /// Numbers convert only when nothing is lost: an integer reads as a double when the double holds it exactly, a
    /// double as an integer when it is whole. A date reads as its ISO 8601 text, as a string. A Boolean is never a
    /// number, and a number never a Boolean: `UserDefaults` keeps them apart, and so does this.
    ///
    /// - Parameters:
    ///   - value: The stored value.
    ///   - type: The type asked for.
    public init?(_ value: PropertyListValue, as type: ConfigType) {
        let content: ConfigContent? =
            switch type {
            case .string: Self.string(value).map(ConfigContent.string)
            case .int: Self.int(value).map(ConfigContent.int)
            case .double: Self.double(value).map(ConfigContent.double)
            case .bool: Self.bool(value).map(ConfigContent.bool)
            case .bytes: Self.bytes(value).map(ConfigContent.bytes)
            case .stringArray: Self.elements(value, Self.string).map(ConfigContent.stringArray)
            case .intArray: Self.elements(value, Self.int).map(ConfigContent.intArray)
            case .doubleArray: Self.elements(value, Self.double).map(ConfigContent.doubleArray)
            case .boolArray: Self.elements(value, Self.bool).map(ConfigContent.boolArray)
            case .byteChunkArray: Self.elements(value, Self.bytes).map(ConfigContent.byteChunkArray)
            }
        guard let content else { return nil }
        self = content
    }

    private static func string(_ value: PropertyListValue) -> String? {
        switch value {
        case .string(let text): text
        case .date: value.text
        default: nil
        }
    }

    private static func int(_ value: PropertyListValue) -> Int? {
        switch value {
        case .int(let number): number
        case .unsignedInt(let number): Int(exactly: number)
        case .double(let number): Int(exactly: number)
        default: nil
        }
    }

    private static func double(_ value: PropertyListValue) -> Double? {
        switch value {
        case .double(let number): number
        case .int(let number): Double(exactly: number)
        case .unsignedInt(let number): Double(exactly: number)
        default: nil
        }
    }

    private static func bool(_ value: PropertyListValue) -> Bool? {
        guard case .bool(let flag) = value else { return nil }
        return flag
    }

    private static func bytes(_ value: PropertyListValue) -> [UInt8]? {
        guard case .data(let data) = value else { return nil }
        return [UInt8](data)
    }

    private static func elements<Element>(
        _ value: PropertyListValue, _ convert: (PropertyListValue) -> Element?
    ) -> [Element]? {
        guard case .array(let elements) = value else { return nil }
        var converted: [Element] = []
        converted.reserveCapacity(elements.count)
        for element in elements {
            guard let item = convert(element) else { return nil }
            converted.append(item)
        }
        return converted
    }
}
