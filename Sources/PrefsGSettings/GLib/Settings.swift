import CGio
import PrefsGLib

/// A GSettings object on one schema at one path, whose "changed" signals GLib's default main context delivers.
///
/// - Important: Every call is made with the store's lock held, so that no two threads use one object at once.
final class Settings: @unchecked Sendable {
    let pointer: OpaquePointer
    let schema: Schema

    /// Creates the object.
    ///
    /// The corresponding C function is `g_settings_new_full`.
    ///
    /// - Important: `path` must be `nil` for a fixed schema and a valid dconf path for a relocatable one, and the
    ///   schema must exist: GLib aborts the process otherwise. ``SuiteLocation`` checks both first.
    init(schema: Schema, path: String?) {
        self.schema = schema
        pointer = g_settings_new_full(schema.pointer, nil, path)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// The value a user set, or `nil` when the key holds its default.
    ///
    /// The corresponding C function is `g_settings_get_user_value`.
    func userValue(_ key: String) -> Variant? {
        g_settings_get_user_value(pointer, key).map(Variant.init(taking:))
    }

    /// The value in effect: the user's, else the system's or the schema's default.
    ///
    /// The corresponding C function is `g_settings_get_value`.
    func value(_ key: String) -> Variant { Variant(taking: g_settings_get_value(pointer, key)) }

    /// The value the key has when the user set none: a system database's, else the schema's.
    ///
    /// The corresponding C function is `g_settings_get_default_value`.
    func defaultValue(_ key: String) -> Variant? {
        g_settings_get_default_value(pointer, key).map(Variant.init(taking:))
    }

    /// Sets a key; the value must be of the key's type and within its range.
    ///
    /// The corresponding C function is `g_settings_set_value`.
    ///
    /// - Returns: Whether the key was writable.
    func set(_ key: String, to value: Variant) -> Bool { g_settings_set_value(pointer, key, value.pointer) != 0 }

    /// Resets a key to its default.
    ///
    /// The corresponding C function is `g_settings_reset`.
    func reset(_ key: String) { g_settings_reset(pointer, key) }

    /// Whether the key can be written: `false` when a system administrator locked it.
    ///
    /// The corresponding C function is `g_settings_is_writable`.
    func isWritable(_ key: String) -> Bool { g_settings_is_writable(pointer, key) != 0 }

    /// Holds this object's writes until ``apply()``, which sends them as one change.
    ///
    /// The corresponding C function is `g_settings_delay`.
    func delay() { g_settings_delay(pointer) }

    /// Sends the held writes as one change.
    ///
    /// The corresponding C function is `g_settings_apply`.
    func apply() { g_settings_apply(pointer) }

    /// Calls `callback` on GLib's default main context with each changed key's name.
    ///
    /// The corresponding C function is `g_signal_connect`, through the shim's `cgio_connect_changed`.
    func connectChanged(_ callback: cgio_changed_callback, context: UnsafeMutableRawPointer) {
        _ = cgio_connect_changed(pointer, callback, context)
    }
}
