import CGio

/// One thin function per GLib call that is not a method of ``Variant``, ``Schema`` or ``Settings``, as swift-system
/// wraps its system calls.
enum GIO {
    /// Turns a string GLib handed over into a Swift string, freeing it.
    ///
    /// The corresponding C function is `g_free`.
    static func takeString(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
        guard let pointer else { return nil }
        defer { g_free(pointer) }
        return String(cString: pointer)
    }

    /// Turns a `NULL`-terminated string array GLib handed over into Swift strings, freeing it.
    ///
    /// The corresponding C function is `g_strfreev`.
    static func takeStrings(_ pointer: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?) -> [String] {
        guard let pointer else { return [] }
        defer { g_strfreev(pointer) }
        var strings: [String] = []
        var index = 0
        while let string = pointer[index] {
            strings.append(String(cString: string))
            index += 1
        }
        return strings
    }

    /// Runs `body` with a type string as a `GVariantType`.
    ///
    /// - Important: `type` must be a valid type string: one GLib printed, or one ``VariantShape`` built.
    static func withType<Result>(_ type: String, _ body: (OpaquePointer) -> Result) -> Result {
        type.withCString { body(cgio_variant_type($0)) }
    }

    /// Whether a string is a valid GVariant type string.
    ///
    /// The corresponding C function is `g_variant_type_string_is_valid`.
    static func isValidType(_ type: String) -> Bool {
        g_variant_type_string_is_valid(type) != 0
    }

    /// Whether a string is a valid D-Bus object path.
    ///
    /// The corresponding C function is `g_variant_is_object_path`.
    static func isObjectPath(_ string: String) -> Bool { g_variant_is_object_path(string) != 0 }

    /// Whether a string is a valid D-Bus type signature.
    ///
    /// The corresponding C function is `g_variant_is_signature`.
    static func isSignature(_ string: String) -> Bool { g_variant_is_signature(string) != 0 }

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
        return (takeStrings(fixed), takeStrings(relocatable))
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

    /// Runs one iteration of GLib's default main context, waiting for an event: change signals are delivered here.
    ///
    /// The corresponding C function is `g_main_context_iteration`.
    static func iterateDefaultContext() { _ = g_main_context_iteration(nil, 1) }

    /// Wakes the thread that waits in ``iterateDefaultContext()``.
    ///
    /// The corresponding C function is `g_main_context_wakeup`.
    static func wakeDefaultContext() { g_main_context_wakeup(nil) }
}
