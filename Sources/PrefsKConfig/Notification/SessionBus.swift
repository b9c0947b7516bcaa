#if canImport(CGio)
import CGio
import PrefsCore
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The session bus, through GIO's D-Bus client: one thin function per GIO call, each result checked.
///
/// GIO is loaded when the first signal is sent (`cgio_load`, shared with the GSettings store), never at start-up.
enum SessionBus {
    /// Why the bus cannot be used.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The connection, opened once.
    private static let connection = Mutex<OpaquePointer?>(nil)

    /// Whether a session bus runs: its address is set, or the user's runtime folder holds its socket.
    static func isRunning(environment: [String: String]) -> Bool {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return true }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return false }
        return FileManager.default.fileExists(atPath: runtime + "/bus")
    }

    /// Sends a signal of one `a{saay}` argument, and waits until it has left.
    ///
    /// The corresponding C functions are `g_bus_get_sync`, `g_dbus_connection_emit_signal` and
    /// `g_dbus_connection_flush_sync`.
    ///
    /// - Throws: ``Failure`` naming GIO's reason.
    static func emit(
        path: String, interface: String, member: String, payload: [(group: String, keys: [String])],
        environment: [String: String]
    ) throws(Failure) {
        guard isRunning(environment: environment) else { return }
        try load()
        try connection.withLock { (connection: inout OpaquePointer?) throws(Failure) in
            if connection == nil {
                var error: UnsafeMutablePointer<GError>?
                guard let opened = g_bus_get_sync(GBusType(CGIO_BUS_TYPE_SESSION), nil, &error) else {
                    throw Failure(description: consume(error) ?? "cannot connect to the session bus")
                }
                connection = opened
            }
            guard let bus = connection else { return }
            let argument = variant(payload)
            var error: UnsafeMutablePointer<GError>?
            guard g_dbus_connection_emit_signal(bus, nil, path, interface, member, argument, &error) != 0 else {
                throw Failure(description: consume(error) ?? "the signal was not sent")
            }
            guard g_dbus_connection_flush_sync(bus, nil, &error) != 0 else {
                throw Failure(description: consume(error) ?? "the signal was not sent")
            }
        }
    }

    /// `(a{saay})`, floating, for `g_dbus_connection_emit_signal` to take.
    private static func variant(_ payload: [(group: String, keys: [String])]) -> OpaquePointer? {
        let tuple = g_variant_builder_new(cgio_variant_type("(a{saay})"))
        let groups = g_variant_builder_new(cgio_variant_type("a{saay}"))
        for (group, keys) in payload {
            let names = g_variant_builder_new(cgio_variant_type("aay"))
            for key in keys {
                let bytes = Array(key.utf8)
                let array = bytes.withUnsafeBytes { raw in
                    g_variant_new_fixed_array(cgio_variant_type("y"), raw.baseAddress, gsize(raw.count), 1)
                }
                g_variant_builder_add_value(names, array)
            }
            let entry = g_variant_new_dict_entry(g_variant_new_string(group), g_variant_builder_end(names))
            g_variant_builder_unref(names)
            g_variant_builder_add_value(groups, entry)
        }
        g_variant_builder_add_value(tuple, g_variant_builder_end(groups))
        g_variant_builder_unref(groups)
        let result = g_variant_builder_end(tuple)
        g_variant_builder_unref(tuple)
        return result
    }

    /// A GError's message, the error freed.
    private static func consume(_ error: UnsafeMutablePointer<GError>?) -> String? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) }
    }

    /// Loads GIO once.
    ///
    /// The corresponding C function is `dlopen`, through the shim's `cgio_load`.
    private static func load() throws(Failure) {
        if let problem = loadProblem { throw Failure(description: problem) }
    }

    private static let loadProblem: String? = {
        var message = [CChar](repeating: 0, count: 512)
        let result = message.withUnsafeMutableBufferPointer { cgio_load($0.baseAddress, $0.count) }
        guard result == 0 else {
            return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }()
}
#endif
