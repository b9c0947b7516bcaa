import CGio

/// Where GSettings schemas are looked up: GLib's default source, or a chain of compiled-schema folders read again
/// after one of them changed.
///
/// GLib reads its default source once per process and never again, so a schema installed while a program runs stays
/// unknown to it; a chain built afresh from the same folders, in the same order, sees it.
///
/// - Important: A source is immutable once built, so one may be shared between threads.
package final class SchemaSource: @unchecked Sendable {
    package let pointer: OpaquePointer
    /// Whether this object holds a reference to release: the default source belongs to GLib.
    private let owned: Bool

    private init(pointer: OpaquePointer, owned: Bool) {
        self.pointer = pointer
        self.owned = owned
    }

    deinit { if owned { g_settings_schema_source_unref(pointer) } }

    /// GLib's default source, or `nil` when no schema is installed.
    ///
    /// The corresponding C function is `g_settings_schema_source_get_default`.
    package static func processDefault() -> SchemaSource? {
        g_settings_schema_source_get_default().map { SchemaSource(pointer: $0, owned: false) }
    }

    /// A chain of the folders holding a `gschemas.compiled`, the first one's schemas hiding later ones of the same
    /// id, as GLib chains `GSETTINGS_SCHEMA_DIR`, the user's data folder and the system's.
    ///
    /// A folder whose file GLib cannot read is left out, as GLib's default source leaves it out: every GNOME program
    /// then sees the same schemas as this one.
    ///
    /// - Parameter folders: The folders, highest priority first.
    /// - Returns: The chain, or `nil` when no folder holds compiled schemas.
    ///
    /// The corresponding C function is `g_settings_schema_source_new_from_directory`.
    package static func chain(of folders: [String]) -> SchemaSource? {
        var chain: SchemaSource?
        for folder in folders.reversed() {
            var error: UnsafeMutablePointer<GError>?
            guard let next = g_settings_schema_source_new_from_directory(folder, chain?.pointer, 1, &error) else {
                if let error { g_error_free(error) }
                continue
            }
            // The new source holds its own reference to its parent.
            chain = SchemaSource(pointer: next, owned: true)
        }
        return chain
    }

    /// The ids of the schemas the source holds, through its parents.
    ///
    /// The corresponding C function is `g_settings_schema_source_list_schemas`.
    package var schemaIDs: (fixed: [String], relocatable: [String]) {
        var fixed: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
        var relocatable: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
        g_settings_schema_source_list_schemas(pointer, 1, &fixed, &relocatable)
        return (GLib.takeStrings(fixed), GLib.takeStrings(relocatable))
    }

    /// A schema of the source, or `nil` when it has none of that id.
    ///
    /// The corresponding C function is `g_settings_schema_source_lookup`.
    package func lookup(_ id: String) -> Schema? {
        g_settings_schema_source_lookup(pointer, id, 1).map(Schema.init(taking:))
    }
}
