import CGio
import PrefsGLib

/// One thin function per GSettings call that is not a method of ``Schema`` or ``Settings``, as swift-system wraps its
/// system calls; GLib's own are PrefsGLib's.
enum GIO {
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
