import PrefsCore
import PrefsSystem

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value as QSettings holds it after reading its text (`QSettingsPrivate::stringToVariant`), of the types prefs reads
/// exactly; any other is kept whole, as its text, and written back as it was.
indirect enum QtVariant: Sendable, Equatable {
    case string(String)
    case stringList([String])
    case list([QtVariant])
    case map([(String, QtVariant)])
    case int(Int64)
    case unsignedInt(UInt64)
    case bool(Bool)
    case double(Double)
    case byteArray([UInt8])
    case size(width: Int32, height: Int32)
    case point(x: Int32, y: Int32)
    case rect(x: Int32, y: Int32, width: Int32, height: Int32)
    /// A date and time: milliseconds since 1970 in UTC, and whether it was local time (no zone), UTC or an offset.
    case dateTime(milliseconds: Int64, spec: DateTimeSpec)
    /// A colour: its spec (1 RGB) and its four 16-bit components, as `QColor`'s stream holds them.
    case color(spec: Int8, alpha: UInt16, red: UInt16, green: UInt16, blue: UInt16, pad: UInt16)
    /// `@Invalid()`: no value, which Qt writes for an empty list.
    case invalid
    /// A value of a type prefs does not read (another `@Variant` type, text Qt would not parse), as its text.
    case opaque(String)

    /// How a date and time was given.
    enum DateTimeSpec: Sendable, Equatable {
        case localTime
        case utc
        case offset(seconds: Int32)
    }

    static func == (lhs: QtVariant, rhs: QtVariant) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.stringList(let a), .stringList(let b)): a == b
        case (.list(let a), .list(let b)): a == b
        case (.map(let a), .map(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.int(let a), .int(let b)): a == b
        case (.unsignedInt(let a), .unsignedInt(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.double(let a), .double(let b)): a.bitPattern == b.bitPattern
        case (.byteArray(let a), .byteArray(let b)): a == b
        case (.size(let a, let b), .size(let c, let d)): a == c && b == d
        case (.point(let a, let b), .point(let c, let d)): a == c && b == d
        case (.rect(let a, let b, let c, let d), .rect(let e, let f, let g, let h)): [a, b, c, d] == [e, f, g, h]
        case (.dateTime(let a, let b), .dateTime(let c, let d)): a == c && b == d
        case (.color(let a, let b, let c, let d, let e, let f), .color(let g, let h, let i, let j, let k, let l)):
            a == g && [b, c, d, e, f] == [h, i, j, k, l]
        case (.invalid, .invalid): true
        case (.opaque(let a), .opaque(let b)): a == b
        default: false
        }
    }

    /// The value as PrefsKit holds it: text as text, lists as arrays, numbers and flags as themselves, byte arrays
    /// as data, sizes, points and rectangles as dictionaries of their numbers, a colour as `#rrggbb` (`#aarrggbb` when
    /// not opaque), a date as a date; a value prefs does not read as its text.
    var propertyListValue: PropertyListValue {
        switch self {
        case .string(let text): .string(text)
        case .stringList(let items): .array(items.map(PropertyListValue.string))
        case .list(let items): .array(items.map(\.propertyListValue))
        case .map(let pairs):
            .dictionary(
                Dictionary(pairs.map { ($0.0, $0.1.propertyListValue) }, uniquingKeysWith: { first, _ in first }))
        case .int(let number): .int(Int(number))
        case .unsignedInt(let number): number <= UInt64(Int.max) ? .int(Int(number)) : .unsignedInt(number)
        case .bool(let flag): .bool(flag)
        case .double(let number): .double(number)
        case .byteArray(let bytes): .data(Data(bytes))
        case .size(let width, let height): .dictionary(["width": .int(Int(width)), "height": .int(Int(height))])
        case .point(let x, let y): .dictionary(["x": .int(Int(x)), "y": .int(Int(y))])
        case .rect(let x, let y, let width, let height):
            .dictionary([
                "x": .int(Int(x)), "y": .int(Int(y)), "width": .int(Int(width)), "height": .int(Int(height)),
            ])
        case .dateTime(let milliseconds, let spec):
            .date(
                Date(
                    timeIntervalSince1970: Double(spec == .localTime ? Self.utc(wallClock: milliseconds) : milliseconds)
                        / 1000))
        case .color(_, let alpha, let red, let green, let blue, _):
            .string(Self.colorName(alpha: alpha, red: red, green: green, blue: blue))
        case .invalid: .array([])
        case .opaque(let text): .string(text)
        }
    }

    /// The moment a local wall-clock time names here, its zone's offset taken at that moment.
    static func utc(wallClock milliseconds: Int64) -> Int64 {
        let seconds = Int(milliseconds / 1000)
        let guess = CivilTime.local(secondsSince1970: seconds)?.offset ?? 0
        let offset = CivilTime.local(secondsSince1970: seconds - guess)?.offset ?? guess
        let (utc, overflow) = milliseconds.subtractingReportingOverflow(Int64(offset) * 1000)
        return overflow ? milliseconds : utc
    }

    /// `QColor::name()`, with the alpha first when it is not opaque (`QColor::HexArgb`).
    static func colorName(alpha: UInt16, red: UInt16, green: UInt16, blue: UInt16) -> String {
        let byte = { (value: UInt16) in
            let text = String(value >> 8, radix: 16)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + (alpha >> 8 == 0xFF ? "" : byte(alpha)) + byte(red) + byte(green) + byte(blue)
    }
}
