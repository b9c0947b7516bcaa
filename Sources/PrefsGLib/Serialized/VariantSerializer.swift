package import PrefsCore

/// Writes GVariants in GLib's normal form, without GLib: the inverse of ``SerializedVariant`` for the values that
/// map faithfully onto property-list values, and dconf's serialized changesets.
///
/// Written by hand for the reason ``SerializedVariant`` is: loading GIO to serialize one value costs a write more than
/// the whole of `gsettings set`. Only what ``VariantConversion`` converts exactly the same way is written here; for
/// anything else (GVariant text, object paths, a `v` whose type comes from the value it replaces, a number that does
/// not fit) the serializer answers `nil`, and the caller asks GLib, which also words the error.
package enum VariantSerializer {
    /// A property-list value as a GVariant of a shape, in normal form; `nil` where GLib must convert it, and on a
    /// big-endian machine.
    ///
    /// - Parameters:
    ///   - value: The value, in its faithful form (not GVariant text).
    ///   - shape: The key's shape.
    /// - Returns: The value, readable through ``SerializedVariant``.
    package static func serialize(_ value: PropertyListValue, shape: VariantShape) -> SerializedVariant? {
        #if _endian(big)
        // GLib serializes values in the host's byte order, and dconf's service reads them so: written little-endian
        // here, they would be other values there.
        return nil
        #else
        guard let bytes = encode(value, shape: shape), let type = SerializedType(shape.typeString) else { return nil }
        return SerializedVariant(type: type, buffer: bytes, range: 0..<bytes.count)
        #endif
    }

    /// dconf's serialized changeset (`dconf_changeset_serialise`): an `a{smv}` of full paths, each with its new
    /// value, or nothing to reset it.
    ///
    /// - Parameter changes: Each path with its value, or `nil`.
    /// - Returns: The changeset's bytes, as dconf's `Change` method takes them.
    package static func dconfChangeset(_ changes: [(path: String, value: SerializedVariant?)]) -> [UInt8] {
        var body: [UInt8] = []
        var ends: [Int] = []
        for change in changes.sorted(by: { $0.path < $1.path }) {
            var entry = Array(change.path.utf8) + [0]
            let keyEnd = entry.count
            // The maybe is aligned even when it holds nothing, as GLib aligns every member of a tuple.
            pad(&entry, to: 8)
            if let value = change.value {
                // `mv` holding a value: the `v` (its value, a nul, its type), then the maybe's own nul.
                entry += value.bytes
                entry.append(0)
                entry += Array(value.type.string.utf8)
                entry.append(0)
            }
            pad(&body, to: 8)
            body += framed(entry, offsets: [keyEnd])
            ends.append(body.count)
        }
        return framed(body, offsets: ends)
    }

    private static func encode(_ value: PropertyListValue, shape: VariantShape) -> [UInt8]? {
        switch (shape, value) {
        case (.bool, .bool(let flag)): return [flag ? 1 : 0]
        case (.integer(let integer), .int(let number)): return encode(Int128(number), integer)
        case (.integer(let integer), .unsignedInt(let number)): return encode(Int128(number), integer)
        case (.double, .double(let number)): return littleEndian(number.bitPattern, size: 8)
        case (.double, .int(let number)) where Int(exactly: Double(number)) == number:
            return littleEndian(Double(number).bitPattern, size: 8)
        case (.text(.string), .string(let string)):
            guard !string.utf8.contains(0) else { return nil }
            return Array(string.utf8) + [0]
        case (.bytes, .data(let data)): return Array(data)
        case (.array(let element), .array(let elements)):
            let children = elements.compactMap { encode($0, shape: element) }
            guard children.count == elements.count, let type = SerializedType(element.typeString) else { return nil }
            return array(children, of: type)
        case (.dictionary(let valueShape), .dictionary(let entries)):
            guard let valueType = SerializedType(valueShape.typeString) else { return nil }
            var children: [[UInt8]] = []
            for key in entries.keys.sorted() {
                guard !key.utf8.contains(0), let entry = entries[key], let encoded = encode(entry, shape: valueShape)
                else { return nil }
                var child = Array(key.utf8) + [0]
                let keyEnd = child.count
                pad(&child, to: valueType.alignment)
                child += encoded
                children.append(framed(child, offsets: [keyEnd]))
            }
            return array(children, of: .entry(.text("s"), valueType))
        default:
            // Text for another type, object paths, signatures and `v`s: GLib's to convert, or to refuse.
            return nil
        }
    }

    private static func encode(_ number: Int128, _ integer: VariantShape.Integer) -> [UInt8]? {
        guard integer.bounds.contains(number) else { return nil }
        let size =
            switch integer {
            case .byte: 1
            case .int16, .uint16: 2
            case .int32, .uint32: 4
            case .int64, .uint64: 8
            }
        return littleEndian(UInt64(truncatingIfNeeded: number), size: size)
    }

    /// An array's elements: side by side when their type has a fixed size, else each aligned, then their ends.
    private static func array(_ children: [[UInt8]], of element: SerializedType) -> [UInt8] {
        if element.fixedSize != nil { return children.flatMap { $0 } }
        var body: [UInt8] = []
        var ends: [Int] = []
        for child in children {
            pad(&body, to: element.alignment)
            body += child
            ends.append(body.count)
        }
        return framed(body, offsets: ends)
    }

    /// A container's body followed by its framing offsets, each as wide as the whole container's size needs
    /// (`gvs_calculate_total_size`).
    private static func framed(_ body: [UInt8], offsets: [Int]) -> [UInt8] {
        guard !offsets.isEmpty else { return body }
        let width =
            if body.count + offsets.count <= 0xFF {
                1
            } else if body.count + 2 * offsets.count <= 0xFFFF {
                2
            } else if body.count + 4 * offsets.count <= 0xFFFF_FFFF {
                4
            } else {
                8
            }
        var result = body
        // A tuple lists its members' ends last first; an array, first first: every caller here has one, or an array.
        for offset in offsets { result += littleEndian(UInt64(offset), size: width) }
        return result
    }

    private static func pad(_ bytes: inout [UInt8], to alignment: Int) {
        let aligned = SerializedType.aligned(bytes.count, to: alignment)
        bytes += [UInt8](repeating: 0, count: aligned - bytes.count)
    }

    private static func littleEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
