import CGio
package import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns GVariants into property-list values and back, losing nothing.
///
/// A value whose type has a faithful mapping (``VariantShape``) becomes that value; any other value, and a `v` whose
/// content has none, becomes its GVariant text as a string, which a write parses back with GLib's own parser. A
/// string is accepted as GVariant text for every key whose type is not itself a string, so that any value `prefs`
/// shows can be typed back.
package enum VariantConversion {
    /// Why a value cannot be stored in a key.
    package struct Failure: Error, Sendable {
        /// One line saying what is wrong, without the key's name.
        package let reason: String
    }

    // MARK: - GVariant to property list

    /// The property-list value a GVariant shows as: its faithful mapping, else its GVariant text.
    package static func value(of variant: Variant) -> PropertyListValue {
        faithfulValue(of: variant) ?? .string(variant.text)
    }

    /// The faithful mapping of a GVariant, or `nil` when it or a value inside it has none.
    package static func faithfulValue(of variant: Variant) -> PropertyListValue? {
        guard let shape = VariantShape(type: variant.typeString) else { return nil }
        return faithfulValue(of: variant, shape: shape)
    }

    private static func faithfulValue(of variant: Variant, shape: VariantShape) -> PropertyListValue? {
        let pointer = variant.pointer
        switch shape {
        case .bool: return .bool(g_variant_get_boolean(pointer) != 0)
        case .integer(let integer):
            switch integer {
            case .byte: return .int(Int(g_variant_get_byte(pointer)))
            case .int16: return .int(Int(g_variant_get_int16(pointer)))
            case .uint16: return .int(Int(g_variant_get_uint16(pointer)))
            case .int32: return .int(Int(g_variant_get_int32(pointer)))
            case .uint32: return .int(Int(g_variant_get_uint32(pointer)))
            case .int64: return .int(Int(g_variant_get_int64(pointer)))
            case .uint64:
                let number = UInt64(g_variant_get_uint64(pointer))
                return number <= UInt64(Int.max) ? .int(Int(number)) : .unsignedInt(number)
            }
        case .double: return .double(g_variant_get_double(pointer))
        case .text: return .string(variant.string)
        case .bytes:
            var count: gsize = 0
            guard let bytes = g_variant_get_fixed_array(pointer, &count, 1), count > 0 else { return .data(Data()) }
            return .data(Data(bytes: bytes, count: Int(count)))
        case .array(let element):
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(variant.childCount)
            for index in 0..<variant.childCount {
                guard let value = faithfulValue(of: variant.child(index), shape: element) else { return nil }
                elements.append(value)
            }
            return .array(elements)
        case .dictionary(let valueShape):
            var entries: [String: PropertyListValue] = [:]
            for index in 0..<variant.childCount {
                let entry = variant.child(index)
                let key = entry.child(0).string
                // A key given twice has no faithful mapping: a dictionary would keep one of the two.
                guard entries[key] == nil, let value = faithfulValue(of: entry.child(1), shape: valueShape) else {
                    return nil
                }
                entries[key] = value
            }
            return .dictionary(entries)
        case .variant:
            let inner = variant.inner
            guard let innerShape = VariantShape(boxedType: inner.typeString) else { return nil }
            return faithfulValue(of: inner, shape: innerShape)
        }
    }

    // MARK: - Property list to GVariant

    /// The GVariant of a type that a property-list value stands for.
    ///
    /// - Parameters:
    ///   - value: The value: its faithful form, or GVariant text for a key whose type is not a string.
    ///   - type: The key's GVariant type string.
    ///   - template: The key's current value, whose types a `v` inside reuses where the new value fits them, so that
    ///     an unchanged entry of an `a{sv}` keeps its `u` or `n`.
    /// - Returns: The GVariant.
    /// - Throws: ``Failure`` when the value does not fit the type, or its text does not parse.
    package static func variant(from value: PropertyListValue, type: String, template: Variant? = nil) throws(Failure)
        -> Variant
    {
        let shape = VariantShape(type: type)
        if case .string(let text) = value {
            switch shape {
            case .text?, .variant?: break
            default: return try parse(text, as: type)
            }
        }
        guard let shape else {
            throw Failure(reason: "type \(type) is written as GVariant text, such as \(example(for: type))")
        }
        return try variant(from: value, shape: shape, template: template)
    }

    /// The GVariant a value implies where no type is stored: `5` an `i` (an `x` beyond 32 bits), a string an `s`,
    /// strings an `as`, a dictionary an `a{sv}`, data an `ay`.
    ///
    /// - Throws: ``Failure`` for a date, which GVariant has no type for.
    package static func inferredVariant(from value: PropertyListValue) throws(Failure) -> Variant {
        try boxed(value, template: nil)
    }

    /// GVariant text, its type given by the text (`uint32 5`, `@as []`), as `dconf write` reads it.
    ///
    /// - Throws: ``Failure`` naming the text and GLib's reason when it does not parse.
    package static func parsedText(_ text: String) throws(Failure) -> Variant {
        do {
            return try Variant.parse(text)
        } catch {
            throw Failure(reason: "\(TextEscaping.quoted(text, limit: 60)) is not GVariant text: \(error)")
        }
    }

    private static func parse(_ text: String, as type: String) throws(Failure) -> Variant {
        do {
            return try Variant.parse(text, as: type)
        } catch {
            throw Failure(
                reason: "\(TextEscaping.quoted(text, limit: 60)) is not GVariant text of type \(type): \(error)")
        }
    }

    private static func variant(from value: PropertyListValue, shape: VariantShape, template: Variant?) throws(Failure)
        -> Variant
    {
        switch (shape, value) {
        case (.bool, .bool(let flag)): return Variant(taking: g_variant_new_boolean(flag ? 1 : 0))
        case (.integer(let integer), .int(let number)): return try self.integer(Int128(number), integer)
        case (.integer(let integer), .unsignedInt(let number)): return try self.integer(Int128(number), integer)
        case (.double, .double(let number)): return Variant(taking: g_variant_new_double(number))
        case (.double, .int(let number)) where Int(exactly: Double(number)) == number:
            return Variant(taking: g_variant_new_double(Double(number)))
        case (.text(let kind), .string(let string)): return try text(string, kind)
        case (.bytes, .data(let data)):
            let pointer = data.withUnsafeBytes { bytes in
                GLib.withType("y") { g_variant_new_fixed_array($0, bytes.baseAddress, gsize(bytes.count), 1) }
            }
            guard let pointer else { throw Failure(reason: "GLib could not hold \(data.count) bytes") }
            return Variant(taking: pointer)
        case (.array(let element), .array(let elements)):
            let children = try elements.map { element0 throws(Failure) in
                try variant(from: element0, shape: element, template: nil)
            }
            return Variant.array(children, type: "a" + element.typeString)
        case (.dictionary(let valueShape), .dictionary(let entries)):
            var children: [Variant] = []
            for key in entries.keys.sorted() {
                guard let entry = entries[key] else { continue }
                let inner = try variant(
                    from: entry, shape: valueShape, template: template.flatMap { lookup(key, in: $0) })
                let name = try text(key, .string)
                children.append(Variant.entry(key: name, value: inner))
            }
            return Variant.array(children, type: shape.typeString)
        case (.variant, _):
            return Variant.boxing(try boxed(value, template: template?.inner))
        case (_, .date):
            throw Failure(
                reason: "GSettings has no date type; type \(shape.typeString) takes \(example(for: shape.typeString))")
        default:
            throw Failure(
                reason:
                    "type \(shape.typeString) takes \(example(for: shape.typeString)), not a value of kind \(value.kind)"
            )
        }
    }

    /// The value inside a `v`: of the type the template has when the value fits it, else of the type GVariant text
    /// would give it (`5` is an `i`, `'x'` an `s`).
    private static func boxed(_ value: PropertyListValue, template: Variant?) throws(Failure) -> Variant {
        if let template, let shape = VariantShape(boxedType: template.typeString),
            let fitted = try? variant(from: value, shape: shape, template: template)
        {
            return fitted
        }
        guard let shape = inferredShape(of: value) else {
            throw Failure(reason: "GSettings has no date type")
        }
        return try variant(from: value, shape: shape, template: nil)
    }

    private static func inferredShape(of value: PropertyListValue) -> VariantShape? {
        switch value {
        case .bool: return .bool
        case .int(let number): return Int32(exactly: number) == nil ? .integer(.int64) : .integer(.int32)
        case .unsignedInt: return .integer(.uint64)
        case .double: return .double
        case .string: return .text(.string)
        case .data: return .bytes
        case .date: return nil
        case .array(let elements):
            let shapes = Set(elements.map(inferredShape))
            if shapes.contains(nil) { return nil }
            guard shapes.count == 1, let shape = shapes.first ?? nil else {
                return elements.isEmpty ? .array(.text(.string)) : .array(.variant)
            }
            return .array(shape)
        case .dictionary: return .dictionary(.variant)
        }
    }

    private static func integer(_ number: Int128, _ integer: VariantShape.Integer) throws(Failure) -> Variant {
        guard integer.bounds.contains(number) else {
            throw Failure(
                reason: "\(number) does not fit type \(integer.rawValue) "
                    + "(\(integer.bounds.lowerBound)…\(integer.bounds.upperBound))")
        }
        let pointer: OpaquePointer =
            switch integer {
            case .byte: g_variant_new_byte(guchar(number))
            case .int16: g_variant_new_int16(gint16(number))
            case .uint16: g_variant_new_uint16(guint16(number))
            case .int32: g_variant_new_int32(gint32(number))
            case .uint32: g_variant_new_uint32(guint32(number))
            case .int64: g_variant_new_int64(gint64(number))
            case .uint64: g_variant_new_uint64(guint64(number))
            }
        return Variant(taking: pointer)
    }

    private static func text(_ string: String, _ kind: VariantShape.Text) throws(Failure) -> Variant {
        guard !string.utf8.contains(0) else { throw Failure(reason: "a GVariant string cannot hold a NUL character") }
        switch kind {
        case .string: return Variant(taking: g_variant_new_string(string))
        case .objectPath:
            guard GLib.isObjectPath(string) else {
                throw Failure(reason: "\(TextEscaping.quoted(string, limit: 60)) is not a D-Bus object path")
            }
            return Variant(taking: g_variant_new_object_path(string))
        case .signature:
            guard GLib.isSignature(string) else {
                throw Failure(reason: "\(TextEscaping.quoted(string, limit: 60)) is not a D-Bus type signature")
            }
            return Variant(taking: g_variant_new_signature(string))
        }
    }

    /// The value of a dictionary's entry, found by its string key.
    private static func lookup(_ key: String, in dictionary: Variant) -> Variant? {
        for index in 0..<dictionary.childCount {
            let entry = dictionary.child(index)
            let name = entry.child(0)
            guard name.isOfType("s"), name.string == key else { continue }
            return entry.child(1)
        }
        return nil
    }

    /// A short example of a type's values, for errors.
    package static func example(for type: String) -> String {
        switch VariantShape(type: type) {
        case .bool?: "true or false"
        case .integer?: "an integer"
        case .double?: "a number"
        case .text?: "a string"
        case .bytes?: "data"
        case .array?: "an array"
        case .dictionary?: "a dictionary"
        case .variant?: "any value"
        case nil: type.hasPrefix("(") ? "(1, 'a')" : type.hasPrefix("m") ? "nothing or just 1" : "[(1, 'a')]"
        }
    }
}
