package import CGio

/// A connection to the session bus through GIO's GDBus: method calls and signal subscriptions, one thin function per
/// GIO call, each result checked.
///
/// - Important: GIO must be loaded first (``GLib/loadFailure()``). GIO keeps one session connection per process and
///   reads the bus's address once, when it is first made.
package final class DBusConnection: @unchecked Sendable {
    let pointer: OpaquePointer

    private init(pointer: OpaquePointer) { self.pointer = pointer }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// The process's connection to the session bus, made the first time.
    ///
    /// The corresponding C function is `g_bus_get_sync`.
    ///
    /// - Throws: ``GLibError`` when no session bus can be reached.
    package static func session() throws(GLibError) -> DBusConnection {
        var error: UnsafeMutablePointer<GError>?
        guard let connection = g_bus_get_sync(GBusType(CGIO_BUS_TYPE_SESSION), nil, &error) else {
            throw GLibError(taking: error, call: "g_bus_get_sync")
        }
        return DBusConnection(pointer: connection)
    }

    /// Calls a method and waits for its reply.
    ///
    /// The corresponding C function is `g_dbus_connection_call_sync`.
    ///
    /// - Parameters:
    ///   - bus: The name of the service, which the bus starts if it is not running.
    ///   - path: The object's path.
    ///   - interface: The interface.
    ///   - method: The method.
    ///   - arguments: A tuple of the arguments.
    ///   - reply: The type the reply must have, such as `(a{sv})`.
    ///   - timeout: How long to wait, in milliseconds.
    /// - Returns: The reply, a tuple of the type given.
    /// - Throws: ``GLibError`` with the bus's or the service's error.
    package func call(
        bus: String, path: String, interface: String, method: String, arguments: Variant, reply: String,
        timeout: Int32 = 10_000
    ) throws(GLibError) -> Variant {
        var error: UnsafeMutablePointer<GError>?
        let result = withExtendedLifetime(arguments) {
            GLib.withType(reply) { type in
                g_dbus_connection_call_sync(
                    pointer, bus, path, interface, method, arguments.pointer, type, 0, timeout, nil, &error)
            }
        }
        guard let result else { throw GLibError(taking: error, call: "\(interface).\(method)") }
        return Variant(taking: result)
    }

    /// Subscribes to a signal; the callback runs on the main context of the calling thread, GLib's default one for
    /// a thread that pushed none, which ``MainLoop`` runs.
    ///
    /// The corresponding C function is `g_dbus_connection_signal_subscribe`.
    ///
    /// - Returns: The subscription's id.
    package func subscribe(
        sender: String, interface: String, member: String?, path: String, callback: GDBusSignalCallback,
        context: UnsafeMutableRawPointer?
    ) -> UInt32 {
        g_dbus_connection_signal_subscribe(pointer, sender, interface, member, path, nil, 0, callback, context, nil)
    }

    /// Ends a subscription.
    ///
    /// The corresponding C function is `g_dbus_connection_signal_unsubscribe`.
    package func unsubscribe(_ id: UInt32) { g_dbus_connection_signal_unsubscribe(pointer, id) }
}
