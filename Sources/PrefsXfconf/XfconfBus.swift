import PrefsGLib

/// The `org.xfce.Xfconf` service on the session bus, one method per call of its interface: xfconfd keeps every
/// channel, and the bus starts it when it is first called.
struct XfconfBus: Sendable {
    static let service = "org.xfce.Xfconf"
    static let path = "/org/xfce/Xfconf"
    static let interface = "org.xfce.Xfconf"

    let connection: DBusConnection

    /// The channels xfconfd has stored, as `ListChannels` names them.
    func channels() throws(GLibError) -> [String] {
        let reply = try call("ListChannels", [], reply: "(as)").child(0)
        return (0..<reply.childCount).map { reply.child($0).string }
    }

    /// Every property of a channel, with its value as xfconfd holds it.
    func properties(of channel: String) throws(GLibError) -> [String: Variant] {
        let reply = try call("GetAllProperties", [.string(channel), .string("")], reply: "(a{sv})").child(0)
        var properties: [String: Variant] = [:]
        for index in 0..<reply.childCount {
            let entry = reply.child(index)
            properties[entry.child(0).string] = entry.child(1).inner
        }
        return properties
    }

    /// One property's value, or `nil` when the channel has no such property.
    func property(_ property: String, of channel: String) throws(GLibError) -> Variant? {
        do {
            return try call("GetProperty", [.string(channel), .string(property)], reply: "(v)").child(0).inner
        } catch let error where error.remoteName == "org.xfce.Xfconf.Error.PropertyNotFound" {
            return nil
        }
    }

    /// Sets a property; the value must be of a type xfconfd holds (``XfconfValues/check(_:)``), since it aborts on
    /// any other.
    func set(_ property: String, of channel: String, to value: Variant) throws(GLibError) {
        _ = try call("SetProperty", [.string(channel), .string(property), .boxing(value)], reply: "()")
    }

    /// Removes a property, as `xfconf-query -r` does: a value a system channel file gives shows again.
    func reset(_ property: String, of channel: String) throws(GLibError) {
        _ = try call("ResetProperty", [.string(channel), .string(property), .boolean(false)], reply: "()")
    }

    /// Whether a system channel file locks a property for this user.
    func isLocked(_ property: String, of channel: String) throws(GLibError) -> Bool {
        try call("IsPropertyLocked", [.string(channel), .string(property)], reply: "(b)").child(0).bool
    }

    private func call(_ method: String, _ arguments: [Variant], reply: String) throws(GLibError) -> Variant {
        try connection.call(
            bus: Self.service, path: Self.path, interface: Self.interface, method: method,
            arguments: .tuple(arguments), reply: reply)
    }
}
