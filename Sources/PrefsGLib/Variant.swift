import CGio

/// A GVariant this program holds a reference to, released when the last Swift reference goes.
///
/// - Important: GVariants are immutable and their reference counts atomic, so one may be shared between threads.
///
/// - Important: Use ``pointer`` only inside a method of this class or on a parameter: Swift may release a temporary or
///   a local right after its last use, which would free the value while C still reads it.
package final class Variant: @unchecked Sendable {
    package let pointer: OpaquePointer

    /// Holds a reference of its own to a value GLib lends, such as a signal's parameters.
    ///
    /// The corresponding C function is `g_variant_ref`.
    ///
    /// - Parameter pointer: The value, which stays the lender's.
    package init(retaining pointer: OpaquePointer) {
        self.pointer = g_variant_ref(pointer)
    }

    /// Takes ownership of a reference: a floating one (a new value) is sunk, a full one (a value GIO returned) kept.
    ///
    /// The corresponding C function is `g_variant_take_ref`.
    ///
    /// - Parameter pointer: The value.
    package init(taking pointer: OpaquePointer) {
        self.pointer = g_variant_take_ref(pointer)
    }

    /// A value read from bytes GLib did not write (a dconf database's), as GLib reads them: checked, and copied into
    /// its normal form, so that malformed bytes read as GLib reads them (the type's default) and the copy outlives
    /// them.
    ///
    /// The corresponding C functions are `g_variant_new_from_data` and `g_variant_get_normal_form`.
    ///
    /// - Parameter value: The serialized value; `nil` is made when GLib makes none, which it never does for a valid
    ///   type.
    package convenience init?(serialized value: SerializedVariant) {
        let bytes = Array(value.bytes)
        let normal = GLib.withType(value.type.string) { type in
            bytes.withUnsafeBytes { buffer in
                let loose = g_variant_take_ref(
                    g_variant_new_from_data(type, buffer.baseAddress, gsize(buffer.count), 0, nil, nil))
                defer { g_variant_unref(loose) }
                return g_variant_get_normal_form(loose)
            }
        }
        guard let normal else { return nil }
        self.init(taking: normal)
    }

    deinit { g_variant_unref(pointer) }

    /// The value's type, as a GVariant type string such as `as`.
    ///
    /// The corresponding C function is `g_variant_get_type_string`.
    package var typeString: String { String(cString: g_variant_get_type_string(pointer)) }

    /// The value in GVariant text, as `gsettings get` prints it (`'24h'`, `(1, 2)`).
    ///
    /// The corresponding C function is `g_variant_print`.
    package var text: String { GLib.takeString(g_variant_print(pointer, 0)) ?? "" }

    /// The value's serialized bytes, in GLib's normal form for a value GLib built.
    ///
    /// The corresponding C functions are `g_variant_get_data` and `g_variant_get_size`.
    package var serializedBytes: [UInt8] {
        let size = Int(g_variant_get_size(pointer))
        guard size > 0, let data = g_variant_get_data(pointer) else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: size))
    }

    /// The number of children of a container.
    ///
    /// The corresponding C function is `g_variant_n_children`.
    package var childCount: Int { Int(g_variant_n_children(pointer)) }

    /// A child of a container.
    ///
    /// The corresponding C function is `g_variant_get_child_value`.
    package func child(_ index: Int) -> Variant {
        Variant(taking: g_variant_get_child_value(pointer, gsize(index)))
    }

    /// A string's characters (of type `s`, `o` or `g`), copied while the value is alive.
    ///
    /// The corresponding C function is `g_variant_get_string`.
    package var string: String { String(cString: g_variant_get_string(pointer, nil)) }

    /// The value inside a `v`.
    ///
    /// The corresponding C function is `g_variant_get_variant`.
    package var inner: Variant { Variant(taking: g_variant_get_variant(pointer)) }

    /// A `v` holding a value.
    ///
    /// The corresponding C function is `g_variant_new_variant`.
    package static func boxing(_ value: Variant) -> Variant { Variant(taking: g_variant_new_variant(value.pointer)) }

    /// A tuple of values, the arguments of a D-Bus call.
    ///
    /// The corresponding C function is `g_variant_new_tuple`.
    package static func tuple(_ children: [Variant]) -> Variant {
        let pointers: [OpaquePointer?] = children.map(\.pointer)
        return withExtendedLifetime(children) {
            Variant(taking: pointers.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) })
        }
    }

    /// A string, of type `s`.
    ///
    /// The corresponding C function is `g_variant_new_string`.
    package static func string(_ text: String) -> Variant { Variant(taking: g_variant_new_string(text)) }

    /// A Boolean, of type `b`.
    ///
    /// The corresponding C function is `g_variant_new_boolean`.
    package static func boolean(_ flag: Bool) -> Variant { Variant(taking: g_variant_new_boolean(flag ? 1 : 0)) }

    /// A Boolean's value.
    ///
    /// The corresponding C function is `g_variant_get_boolean`.
    package var bool: Bool { g_variant_get_boolean(pointer) != 0 }

    /// A dictionary's entry.
    ///
    /// The corresponding C function is `g_variant_new_dict_entry`.
    package static func entry(key: Variant, value: Variant) -> Variant {
        Variant(taking: g_variant_new_dict_entry(key.pointer, value.pointer))
    }

    /// An array of a type holding values, none of which is released before the array holds it.
    ///
    /// The corresponding C functions are `g_variant_builder_new`, `g_variant_builder_add_value` and
    /// `g_variant_builder_end`.
    package static func array(_ children: [Variant], type: String) -> Variant {
        GLib.withType(type) { arrayType in
            let builder = g_variant_builder_new(arrayType)
            defer { g_variant_builder_unref(builder) }
            for child in children { g_variant_builder_add_value(builder, child.pointer) }
            return Variant(taking: g_variant_builder_end(builder))
        }
    }

    /// Whether two values are equal in type and content.
    ///
    /// The corresponding C function is `g_variant_equal`.
    package func isEqual(to other: Variant) -> Bool {
        g_variant_equal(UnsafeRawPointer(pointer), UnsafeRawPointer(other.pointer)) != 0
    }

    /// Whether the value has a type.
    ///
    /// The corresponding C function is `g_variant_is_of_type`.
    package func isOfType(_ type: String) -> Bool {
        GLib.withType(type) { g_variant_is_of_type(pointer, $0) != 0 }
    }

    /// Reads GVariant text as a value of a type, with GLib's own parser.
    ///
    /// The corresponding C function is `g_variant_parse`.
    ///
    /// - Parameters:
    ///   - text: The text, such as `(1, 2)` or `['a', 'b']`.
    ///   - type: The type the value must have.
    /// - Returns: The value.
    /// - Throws: ``GLibError`` with the parser's message.
    package static func parse(_ text: String, as type: String) throws(GLibError) -> Variant {
        var error: UnsafeMutablePointer<GError>?
        let parsed = GLib.withType(type) { type in g_variant_parse(type, text, nil, nil, &error) }
        guard let parsed else { throw GLibError(taking: error, call: "g_variant_parse") }
        return Variant(taking: parsed)
    }

    /// Parses GVariant text whose type the text itself gives (`5` an `i`, `uint32 5` a `u`, `@as []`), as
    /// `dconf write` does.
    ///
    /// The corresponding C function is `g_variant_parse` with no type.
    ///
    /// - Throws: ``GLibError`` with GLib's message when the text does not parse or its type is not definite.
    package static func parse(_ text: String) throws(GLibError) -> Variant {
        var error: UnsafeMutablePointer<GError>?
        guard let parsed = g_variant_parse(nil, text, nil, nil, &error) else {
            throw GLibError(taking: error, call: "g_variant_parse")
        }
        return Variant(taking: parsed)
    }
}
