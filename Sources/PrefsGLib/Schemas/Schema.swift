import CGio

/// A GSettings schema this program holds a reference to.
///
/// - Important: Schemas are immutable, so one may be shared between threads.
package final class Schema: @unchecked Sendable {
    package let pointer: OpaquePointer

    package init(taking pointer: OpaquePointer) { self.pointer = pointer }

    deinit { g_settings_schema_unref(pointer) }

    /// The schema's id.
    ///
    /// The corresponding C function is `g_settings_schema_get_id`.
    package var id: String { String(cString: g_settings_schema_get_id(pointer)) }

    /// The dconf path a fixed schema lives at, or `nil` for a relocatable one.
    ///
    /// The corresponding C function is `g_settings_schema_get_path`.
    package var path: String? { g_settings_schema_get_path(pointer).map { String(cString: $0) } }

    /// The names of the schema's keys.
    ///
    /// The corresponding C function is `g_settings_schema_list_keys`.
    package var keyNames: [String] { GLib.takeStrings(g_settings_schema_list_keys(pointer)) }

    /// Whether the schema has a key; asking GSettings about any other key aborts the process.
    ///
    /// The corresponding C function is `g_settings_schema_has_key`.
    package func hasKey(_ name: String) -> Bool { g_settings_schema_has_key(pointer, name) != 0 }

    /// A key of the schema, or `nil` when it has none of that name.
    ///
    /// The corresponding C function is `g_settings_schema_get_key`.
    package func key(_ name: String) -> SchemaKey? {
        guard hasKey(name) else { return nil }
        return SchemaKey(taking: g_settings_schema_get_key(pointer, name))
    }
}

/// One key of a GSettings schema: its type, default, range and documentation.
package final class SchemaKey: @unchecked Sendable {
    package let pointer: OpaquePointer

    package init(taking pointer: OpaquePointer) { self.pointer = pointer }

    deinit { g_settings_schema_key_unref(pointer) }

    /// The key's name.
    ///
    /// The corresponding C function is `g_settings_schema_key_get_name`.
    package var name: String { String(cString: g_settings_schema_key_get_name(pointer)) }

    /// The key's GVariant type string.
    ///
    /// The corresponding C function is `g_settings_schema_key_get_value_type`.
    package var typeString: String {
        GLib.takeString(g_variant_type_dup_string(g_settings_schema_key_get_value_type(pointer))) ?? "*"
    }

    /// The schema's default, before any vendor override or system database.
    ///
    /// The corresponding C function is `g_settings_schema_key_get_default_value`.
    package var defaultValue: Variant { Variant(taking: g_settings_schema_key_get_default_value(pointer)) }

    /// What values the key allows: `('type', <@as []>)`, `('enum', <['a', 'b']>)`, `('flags', <[…]>)` or
    /// `('range', <(0, 10)>)`.
    ///
    /// The corresponding C function is `g_settings_schema_key_get_range`.
    package var range: Variant { Variant(taking: g_settings_schema_key_get_range(pointer)) }

    /// The key's summary, translated when the schema is.
    ///
    /// The corresponding C function is `g_settings_schema_key_get_summary`.
    package var summary: String? { g_settings_schema_key_get_summary(pointer).map { String(cString: $0) } }

    /// The key's description, translated when the schema is.
    ///
    /// The corresponding C function is `g_settings_schema_key_get_description`.
    package var description: String? { g_settings_schema_key_get_description(pointer).map { String(cString: $0) } }

    /// Whether a value of the key's type lies within its range, choices or flags.
    ///
    /// The corresponding C function is `g_settings_schema_key_range_check`.
    package func allows(_ value: Variant) -> Bool { g_settings_schema_key_range_check(pointer, value.pointer) != 0 }
}
