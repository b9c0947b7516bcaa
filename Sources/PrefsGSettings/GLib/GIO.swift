import CGio
import PrefsGLib

/// One thin function per GSettings call that is not a method of ``Schema`` or ``Settings``, as swift-system wraps its
/// system calls; GLib's own are PrefsGLib's.
enum GIO {
    /// The installed schemas, as GSettings finds them (`GSETTINGS_SCHEMA_DIR`, then `XDG_DATA_DIRS`); `nil` when
    /// none are installed.
    ///
    /// The corresponding C function is `g_settings_schema_source_get_default`.
    static func defaultSchemaSource() -> OpaquePointer? {
        g_settings_schema_source_get_default()
    }

    /// The ids of the schemas a source holds, recursively through its parents.
    ///
    /// The corresponding C function is `g_settings_schema_source_list_schemas`.
    static func listSchemas(_ source: OpaquePointer) -> (fixed: [String], relocatable: [String]) {
        var fixed: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
        var relocatable: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
        g_settings_schema_source_list_schemas(source, 1, &fixed, &relocatable)
        return (GLib.takeStrings(fixed), GLib.takeStrings(relocatable))
    }

    /// A schema of a source, or `nil` when it has none of that id.
    ///
    /// The corresponding C function is `g_settings_schema_source_lookup`.
    static func lookup(_ id: String, in source: OpaquePointer) -> Schema? {
        g_settings_schema_source_lookup(source, id, 1).map(Schema.init(taking:))
    }

    /// Waits for every write this process made through GSettings to reach the settings backend (the dconf service).
    ///
    /// The corresponding C function is `g_settings_sync`.
    static func sync() { g_settings_sync() }

    /// The name of the settings backend GSettings uses: `DConfSettingsBackend` on a desktop, and
    /// `GMemorySettingsBackend` where no backend is installed, which keeps values in memory only.
    ///
    /// The corresponding C function is `g_settings_backend_get_default`.
    static func defaultBackendName() -> String {
        let backend = g_settings_backend_get_default()
        defer { g_object_unref(UnsafeMutableRawPointer(backend)) }
        return String(cString: cgio_backend_type_name(backend))
    }
}
