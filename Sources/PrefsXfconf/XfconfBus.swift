import PrefsCore
import PrefsDBus
import PrefsGLib
import Synchronization

/// The `org.xfce.Xfconf` service on the session bus, one method per call of its interface: xfconfd keeps every
/// channel, and the bus starts it when it is first called.
///
/// Calls go over PrefsDBus's connection, the one D-Bus client the stores share, one at a time; a connection the bus
/// closed is opened again for the next call. Values travel as ``XfconfWire`` converts them.
final class XfconfBus: Sendable {
    static let service = "org.xfce.Xfconf"
    static let path = "/org/xfce/Xfconf"
    static let interface = "org.xfce.Xfconf"
    /// The error xfconfd answers `GetProperty` with for a property the channel does not hold.
    static let propertyNotFound = "org.xfce.Xfconf.Error.PropertyNotFound"

    private let environment: [String: String]
    /// The connection, opened by the first call; `nil` again once it failed.
    private let connection = Mutex<SessionBusConnection?>(nil)

    /// A bus for the session an environment names; nothing is connected until the first call.
    init(environment: [String: String] = ProcessEnvironment.current) {
        self.environment = environment
    }

    /// The channels xfconfd has stored, as `ListChannels` names them.
    func channels() throws(SessionBusConnection.Failure) -> [String] {
        var body = try call("ListChannels", signature: "", reply: "as").body
        guard let names = body.strings() else { throw Self.malformed("ListChannels") }
        return names
    }

    /// Every property of a channel, with its value as xfconfd holds it.
    func properties(of channel: String) throws(SessionBusConnection.Failure) -> [String: Variant] {
        var body = try call("GetAllProperties", reply: "a{sv}") {
            $0.string(channel)
            $0.string("")
        }.body
        guard case .array(_, let entries)? = body.value(ofType: "a{sv}") else {
            throw Self.malformed("GetAllProperties")
        }
        var properties: [String: Variant] = [:]
        for case .entry(.string(let property), .variant(let value)) in entries {
            guard let variant = XfconfWire.variant(of: value) else { throw Self.malformed("GetAllProperties") }
            properties[property] = variant
        }
        return properties
    }

    /// One property's value, or `nil` when the channel has no such property.
    func property(_ property: String, of channel: String) throws(SessionBusConnection.Failure) -> Variant? {
        let reply: BusMessage.Received
        do throws(SessionBusConnection.Failure) {
            reply = try call("GetProperty", reply: "v") {
                $0.string(channel)
                $0.string(property)
            }
        } catch .error(let name, _) where name == Self.propertyNotFound {
            return nil
        }
        var body = reply.body
        guard case .variant(let value)? = body.value(ofType: "v"), let variant = XfconfWire.variant(of: value) else {
            throw Self.malformed("GetProperty")
        }
        return variant
    }

    /// Sets a property; the value must be of a type xfconfd holds (``XfconfValues/problem(with:)``), since it aborts on
    /// any other.
    func set(_ property: String, of channel: String, to value: Variant) throws(SessionBusConnection.Failure) {
        guard let wire = XfconfWire.busValue(of: value) else {
            throw .failed("a value of GVariant type \(value.typeString) cannot be sent to xfconfd")
        }
        try call("SetProperty", signature: "ssv", reply: "") {
            $0.string(channel)
            $0.string(property)
            $0.value(.variant(wire))
        }
    }

    /// Removes a property, as `xfconf-query -r` does: a value a system channel file gives shows again.
    func reset(_ property: String, of channel: String) throws(SessionBusConnection.Failure) {
        try call("ResetProperty", signature: "ssb", reply: "") {
            $0.string(channel)
            $0.string(property)
            $0.value(.boolean(false))
        }
    }

    /// Whether a system channel file locks a property for this user.
    func isLocked(_ property: String, of channel: String) throws(SessionBusConnection.Failure) -> Bool {
        var body = try call("IsPropertyLocked", reply: "b") {
            $0.string(channel)
            $0.string(property)
        }.body
        guard case .boolean(let locked)? = body.value(ofType: "b") else { throw Self.malformed("IsPropertyLocked") }
        return locked
    }

    /// Calls a method of xfconfd's and checks its reply's signature.
    @discardableResult
    private func call(
        _ method: String, signature: String = "ss", reply: String,
        arguments: (inout Marshaller) -> Void = { _ in }
    ) throws(SessionBusConnection.Failure) -> BusMessage.Received {
        let answer = try connection.withLock {
            (open: inout SessionBusConnection?) throws(SessionBusConnection.Failure) -> BusMessage.Received in
            let bus: SessionBusConnection
            if let connected = open {
                bus = connected
            } else {
                bus = try SessionBusConnection(environment: environment)
                open = bus
            }
            do throws(SessionBusConnection.Failure) {
                return try bus.call(
                    destination: Self.service, path: Self.path, interface: Self.interface, member: method,
                    signature: signature, arguments: arguments)
            } catch {
                // Unless xfconfd answered, the bus went or left the call unanswered: the next call starts anew.
                if case .error = error {} else { open = nil }
                throw error
            }
        }
        guard answer.signature == reply else { throw Self.malformed(method) }
        return answer
    }

    private static func malformed(_ method: String) -> SessionBusConnection.Failure {
        .failed("xfconfd's reply to \(method) is not what its interface says")
    }
}
