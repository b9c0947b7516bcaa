import PrefsCore
import PrefsDBus
import PrefsGLib

/// xfconfd's values between the wire and GLib's `GVariant`, in which the store keeps them (their types, equality,
/// text and the conversions to and from property-list values are GLib's).
///
/// Only the types xfconfd holds cross: the basic types, and arrays of them as `av` (or `as`, which xfconfd sends for a
/// string list); anything else is refused both ways rather than guessed at.
enum XfconfWire {
    /// A value's D-Bus form.
    ///
    /// - Parameter variant: The value.
    /// - Returns: Its D-Bus value, or `nil` for a type xfconfd does not hold.
    static func busValue(of variant: Variant) -> BusValue? {
        let type = variant.typeString
        switch type {
        case "b": return .boolean(variant.bool)
        case "s": return .string(variant.string)
        case "d":
            guard case .double(let number) = VariantConversion.value(of: variant) else { return nil }
            return .double(number)
        case "y", "n", "q", "i", "u", "x", "t":
            return integer(VariantConversion.value(of: variant), type: type)
        case "av", "as":
            var items: [BusValue] = []
            for index in 0..<variant.childCount {
                let child = variant.child(index)
                guard let item = busValue(of: type == "av" ? child.inner : child) else { return nil }
                items.append(type == "av" ? .variant(item) : item)
            }
            return .array(element: String(type.dropFirst()), items)
        default:
            return nil
        }
    }

    /// The `GVariant` a value from the wire is.
    ///
    /// - Parameter value: The value, unboxed from its variant.
    /// - Returns: The `GVariant`, or `nil` for a type xfconfd does not send.
    static func variant(of value: BusValue) -> Variant? {
        switch value {
        case .boolean(let flag): return .boolean(flag)
        case .string(let text): return .string(text)
        case .double(let number): return converted(.double(number), type: "d")
        case .byte(let number): return converted(.int(Int(number)), type: "y")
        case .int16(let number): return converted(.int(Int(number)), type: "n")
        case .uint16(let number): return converted(.int(Int(number)), type: "q")
        case .int32(let number): return converted(.int(Int(number)), type: "i")
        case .uint32(let number): return converted(.int(Int(number)), type: "u")
        case .int64(let number): return converted(.int(Int(number)), type: "x")
        case .uint64(let number):
            return converted(number <= UInt64(Int.max) ? .int(Int(number)) : .unsignedInt(number), type: "t")
        case .array("v", let items):
            var children: [Variant] = []
            for case .variant(let item) in items {
                guard let child = variant(of: item) else { return nil }
                children.append(.boxing(child))
            }
            return children.count == items.count ? .array(children, type: "av") : nil
        case .array("s", let items):
            var children: [Variant] = []
            for case .string(let text) in items { children.append(.string(text)) }
            return children.count == items.count ? .array(children, type: "as") : nil
        default:
            return nil
        }
    }

    /// An integer of a GVariant type as its D-Bus value.
    private static func integer(_ value: PropertyListValue, type: String) -> BusValue? {
        let number: Int128
        switch value {
        case .int(let signed): number = Int128(signed)
        case .unsignedInt(let unsigned): number = Int128(unsigned)
        default: return nil
        }
        switch type {
        case "y": return UInt8(exactly: number).map(BusValue.byte)
        case "n": return Int16(exactly: number).map(BusValue.int16)
        case "q": return UInt16(exactly: number).map(BusValue.uint16)
        case "i": return Int32(exactly: number).map(BusValue.int32)
        case "u": return UInt32(exactly: number).map(BusValue.uint32)
        case "x": return Int64(exactly: number).map(BusValue.int64)
        default: return UInt64(exactly: number).map(BusValue.uint64)
        }
    }

    /// A value as a `GVariant` of a basic type it always fits, having come off the wire as that type.
    private static func converted(_ value: PropertyListValue, type: String) -> Variant? {
        do {
            return try VariantConversion.variant(from: value, type: type)
        } catch {
            return nil
        }
    }
}
