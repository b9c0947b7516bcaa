package import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SerializedVariant {
    /// The property-list value this value maps onto faithfully, as ``VariantConversion/faithfulValue(of:)`` maps the
    /// same value read through GLib; `nil` when its type has no faithful mapping, or its data is not in normal form
    /// (then GLib, asked instead, decides what it shows).
    ///
    /// Object paths and signatures are left to GLib, which checks their syntax before it shows them.
    package var faithfulValue: PropertyListValue? {
        guard let shape = VariantShape(type: type.string) else { return nil }
        return faithfulValue(shape: shape, depth: 0)
    }

    /// The mapping at a depth of nesting: `v`s inside `v`s are bounded as GLib bounds them, whatever the bytes say.
    private func faithfulValue(shape: VariantShape, depth: Int) -> PropertyListValue? {
        guard depth < SerializedType.maximumDepth else { return nil }
        switch shape {
        case .bool: return bool.map(PropertyListValue.bool)
        case .integer(.uint64):
            guard let number = integer.flatMap(UInt64.init(exactly:)) else { return nil }
            return number <= UInt64(Int.max) ? .int(Int(number)) : .unsignedInt(number)
        case .integer: return integer.flatMap(Int.init(exactly:)).map(PropertyListValue.int)
        case .double: return double.map(PropertyListValue.double)
        case .text(.string): return string.map(PropertyListValue.string)
        case .text: return nil
        case .bytes: return .data(Data(bytes))
        case .array(let element):
            guard let children else { return nil }
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(children.count)
            for child in children {
                guard let value = child.faithfulValue(shape: element, depth: depth + 1) else { return nil }
                elements.append(value)
            }
            return .array(elements)
        case .dictionary(let valueShape):
            guard let children else { return nil }
            var entries: [String: PropertyListValue] = [:]
            for entry in children {
                // A key given twice has no faithful mapping, as through GLib.
                guard let members = entry.children, members.count == 2, let key = members[0].string,
                    entries[key] == nil, let value = members[1].faithfulValue(shape: valueShape, depth: depth + 1)
                else { return nil }
                entries[key] = value
            }
            return .dictionary(entries)
        case .variant:
            guard let inner, let innerShape = VariantShape(boxedType: inner.type.string) else { return nil }
            return inner.faithfulValue(shape: innerShape, depth: depth + 1)
        }
    }
}
