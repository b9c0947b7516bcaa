import CGio
import PrefsGLib

/// dconf's own client (libdconf): reads, lists, locks and writes any dconf path through the user's profile, its
/// system databases and the dconf service, where GSettings reaches only the paths of installed schemas.
///
/// - Important: Every call is made with ``GIOLock`` held, and only after ``DconfLibrary/load()`` succeeded.
final class DconfClient: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Creates a client; its "changed" signals are delivered on GLib's default main context, which the store's
    /// ``MainLoop`` runs, since no thread-default context is pushed here.
    ///
    /// The corresponding C function is `dconf_client_new`.
    init() {
        pointer = dconf_client_new()
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// The names in a directory, over the user's database and the system's: keys, and directories ending in `/`.
    ///
    /// The corresponding C function is `dconf_client_list`.
    ///
    /// - Parameter directory: A dconf directory, such as `/org/gnome/`.
    /// - Returns: The names, unsorted.
    func list(_ directory: String) -> [String] {
        var length: gint = 0
        return GLib.takeStrings(dconf_client_list(pointer, directory, &length))
    }

    /// The locks the system databases set at or under a directory: keys, and directories ending in `/`.
    ///
    /// The corresponding C function is `dconf_client_list_locks`.
    func locks(under directory: String) -> [String] {
        var length: gint = 0
        return GLib.takeStrings(dconf_client_list_locks(pointer, directory, &length))
    }

    /// The value a user set for a key, or `nil`.
    ///
    /// The corresponding C function is `dconf_client_read_full` with `DCONF_READ_USER_VALUE`.
    func userValue(_ key: String) -> Variant? {
        dconf_client_read_full(pointer, key, DConfReadFlags(CGIO_DCONF_READ_USER_VALUE), nil).map(Variant.init(taking:))
    }

    /// The value a key has when the user set none: the system databases', or `nil`.
    ///
    /// The corresponding C function is `dconf_client_read_full` with `DCONF_READ_DEFAULT_VALUE`.
    func systemValue(_ key: String) -> Variant? {
        dconf_client_read_full(pointer, key, DConfReadFlags(CGIO_DCONF_READ_DEFAULT_VALUE), nil)
            .map(Variant.init(taking:))
    }

    /// Whether a key can be written: `false` when a system database locks it.
    ///
    /// The corresponding C function is `dconf_client_is_writable`.
    func isWritable(_ key: String) -> Bool { dconf_client_is_writable(pointer, key) != 0 }

    /// Sets and resets keys as one change, and waits until the dconf service has stored it.
    ///
    /// The corresponding C functions are `dconf_changeset_new`, `dconf_changeset_set` and `dconf_client_change_sync`.
    ///
    /// - Parameter changes: Each key's new value, or `nil` to reset it.
    /// - Throws: ``GLibError`` with the service's reason when it did not store the change.
    func change(_ changes: [(key: String, value: Variant?)]) throws(GLibError) {
        let changeset = dconf_changeset_new()
        defer { dconf_changeset_unref(changeset) }
        for change in changes {
            withExtendedLifetime(change.value) { dconf_changeset_set(changeset, change.key, change.value?.pointer) }
        }
        var error: UnsafeMutablePointer<GError>?
        guard dconf_client_change_sync(pointer, changeset, nil, nil, &error) != 0 else {
            throw GLibError(taking: error, call: "dconf_client_change_sync")
        }
    }

    /// Asks the dconf service to announce changes at or under a path, and waits until the bus has the match rule,
    /// so that a change made once this returns is announced.
    ///
    /// The corresponding C function is `dconf_client_watch_sync`.
    func watch(_ path: String) { dconf_client_watch_sync(pointer, path) }

    /// Calls `callback` on GLib's default main context with each change the service announces.
    ///
    /// The corresponding C function is `g_signal_connect`, through the shim's `cgio_connect_dconf_changed`.
    func connectChanged(_ callback: cgio_dconf_changed_callback, context: UnsafeMutableRawPointer?) {
        _ = cgio_connect_dconf_changed(pointer, callback, context)
    }

    /// Whether a string is a dconf key: it starts with `/`, does not end with one and holds no `//`.
    ///
    /// The corresponding C function is `dconf_is_key`.
    static func isKey(_ string: String) -> Bool { dconf_is_key(string, nil) != 0 }

    /// Whether a string is a dconf directory: it starts and ends with `/` and holds no `//`.
    ///
    /// The corresponding C function is `dconf_is_dir`.
    static func isDirectory(_ string: String) -> Bool { dconf_is_dir(string, nil) != 0 }
}
