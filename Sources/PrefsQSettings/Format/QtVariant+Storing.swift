import PrefsCore
import PrefsSystem

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension QtVariant {
    /// Why a value cannot be stored over what a key holds.
    struct Refusal: Error, Sendable, CustomStringConvertible {
        let description: String
    }

    /// A value PrefsKit gives as the QVariant to store, the type a key holds kept: a size, point or rectangle from a
    /// dictionary of its numbers, a colour from `#rrggbb` or `#aarrggbb`, a date in the spec it had, a byte array from
    /// data; a key holding nothing, or text (which QSettings stores every number and flag as), takes the value's own
    /// type.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - old: What the key holds, or `nil`.
    /// - Returns: The QVariant.
    /// - Throws: ``Refusal`` when the value does not fit the type the key holds.
    static func storing(_ value: PropertyListValue, over old: QtVariant?) throws(Refusal) -> QtVariant {
        switch (old, value) {
        case (.size?, .dictionary(let fields)):
            guard let numbers = numbers(fields, ["width", "height"]) else { throw shape("a size", "width, height") }
            return .size(width: numbers[0], height: numbers[1])
        case (.point?, .dictionary(let fields)):
            guard let numbers = numbers(fields, ["x", "y"]) else { throw shape("a point", "x, y") }
            return .point(x: numbers[0], y: numbers[1])
        case (.rect?, .dictionary(let fields)):
            guard let numbers = numbers(fields, ["x", "y", "width", "height"]) else {
                throw shape("a rectangle", "x, y, width, height")
            }
            return .rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        case (.color?, .string(let name)):
            guard let color = color(named: name) else {
                throw Refusal(
                    description: "\(TextEscaping.quoted(name)) is no colour: give one as #rrggbb or #aarrggbb")
            }
            return color
        case (.dateTime(_, let spec)?, .date(let date)):
            return dateTime(date, spec: spec)
        case (.unsignedInt?, .int(let number)) where number >= 0: return .unsignedInt(UInt64(number))
        case (.double?, .int(let number)): return .double(Double(number))
        case (.opaque(let text)?, _):
            if value == .string(text) { return .opaque(text) }
            throw Refusal(
                description: "it holds a Qt value of a type prefs does not read (\(text.prefix(24))…), kept as it is")
        case (.size?, _), (.point?, _), (.rect?, _), (.color?, _), (.dateTime?, _), (.byteArray?, .string),
            (.map?, .string), (.map?, .int), (.map?, .bool), (.map?, .double):
            throw Refusal(description: "it holds \(old.map(\.typeName) ?? "a value"), which \(value.typeName) is not")
        default:
            return try inferred(value)
        }
    }

    /// A value as the QVariant Qt's `setValue` would store for it.
    static func inferred(_ value: PropertyListValue) throws(Refusal) -> QtVariant {
        switch value {
        case .string(let text): return .string(text)
        case .int(let number): return .int(Int64(number))
        case .unsignedInt(let number): return .unsignedInt(number)
        case .bool(let flag): return .bool(flag)
        case .double(let number): return .double(number)
        case .data(let data): return .byteArray(Array(data))
        case .date(let date): return dateTime(date, spec: .utc)
        case .array(let items):
            let texts = items.compactMap { item -> String? in if case .string(let text) = item { text } else { nil } }
            // One string alone would be written as that string and read back as one: it goes as a list of one.
            if texts.count == items.count, items.count != 1 { return .stringList(texts) }
            var converted: [QtVariant] = []
            for item in items { converted.append(try inferred(item)) }
            return .list(converted)
        case .dictionary(let fields):
            var pairs: [(String, QtVariant)] = []
            for key in fields.keys.sorted() {
                guard let item = fields[key] else { continue }
                pairs.append((key, try inferred(item)))
            }
            return .map(pairs)
        }
    }

    /// What a value is, for a refusal.
    var typeName: String {
        switch self {
        case .size: "a size"
        case .point: "a point"
        case .rect: "a rectangle"
        case .color: "a colour"
        case .dateTime: "a date"
        case .byteArray: "a byte array"
        case .map: "a map"
        case .list, .stringList, .invalid: "a list"
        case .bool: "a flag"
        case .int, .unsignedInt, .double: "a number"
        case .string, .opaque: "text"
        }
    }

    private static func numbers(_ fields: [String: PropertyListValue], _ names: [String]) -> [Int32]? {
        guard Set(fields.keys) == Set(names) else { return nil }
        var numbers: [Int32] = []
        for name in names {
            guard case .int(let number)? = fields[name], let fitted = Int32(exactly: number) else { return nil }
            numbers.append(fitted)
        }
        return numbers
    }

    private static func shape(_ what: String, _ fields: String) -> Refusal {
        Refusal(description: "it holds \(what): give a dictionary of \(fields), each an integer")
    }

    /// `#rrggbb` or `#aarrggbb` as `QColor` streams it: each 8-bit component times 257.
    static func color(named name: String) -> QtVariant? {
        let hex = Array(name.utf8.dropFirst())
        guard name.hasPrefix("#"), hex.count == 6 || hex.count == 8 else { return nil }
        var components: [UInt16] = []
        for index in stride(from: 0, to: hex.count, by: 2) {
            guard let high = QSettingsKeyName.nibble(hex[index]), let low = QSettingsKeyName.nibble(hex[index + 1])
            else { return nil }
            components.append(UInt16(high << 4 | low) * 257)
        }
        if components.count == 3 { components.insert(0xFFFF, at: 0) }
        return .color(
            spec: 1, alpha: components[0], red: components[1], green: components[2], blue: components[3], pad: 0)
    }

    /// A moment as a `QDateTime` of a spec: local time as the wall clock shows it here.
    private static func dateTime(_ date: Date, spec: DateTimeSpec) -> QtVariant {
        let utc = Int64((date.timeIntervalSince1970 * 1000).rounded())
        switch spec {
        case .utc, .offset: return .dateTime(milliseconds: utc, spec: spec)
        case .localTime:
            let offset = CivilTime.local(secondsSince1970: Int(utc.floorDivided(by: 1000)))?.offset ?? 0
            return .dateTime(milliseconds: utc + Int64(offset) * 1000, spec: .localTime)
        }
    }
}

extension PropertyListValue {
    /// What a value is, for a refusal.
    fileprivate var typeName: String {
        switch self {
        case .string: "text"
        case .int, .unsignedInt, .double: "a number"
        case .bool: "a flag"
        case .data: "data"
        case .date: "a date"
        case .array: "a list"
        case .dictionary: "a dictionary"
        }
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
