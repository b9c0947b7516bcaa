import Foundation
import PrefsDBus
import Testing

@testable import PrefsGSettings

/// The session-bus client a write uses without GIO: the bus found where GDBus finds it, and replies read with every
/// offset checked.
@Suite struct SessionBusTests {
    @Test func theAddressIsFoundWhereGDBusFindsIt() {
        let none: (String) -> Bool = { _ in false }
        #expect(
            SessionBusAddress.sockets(
                environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus"], exists: none)
                == [Array("/run/user/1000/bus".utf8)])
        // Escapes decoded; the guid and other keys ignored; an abstract name starts with a nul.
        #expect(
            SessionBusAddress.sockets(
                environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:abstract=/tmp/dbus-%41b,guid=1234"], exists: none)
                == [[0] + Array("/tmp/dbus-Ab".utf8)])
        // Alternatives in order, up to one only GDBus can reach.
        #expect(
            SessionBusAddress.sockets(
                environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/a;tcp:host=localhost,port=1;unix:path=/b"],
                exists: none) == [Array("/a".utf8)])
        #expect(
            SessionBusAddress.sockets(
                environment: ["DBUS_SESSION_BUS_ADDRESS": "tcp:host=localhost,port=1;unix:path=/b"], exists: none
            )
            .isEmpty)
        // Without an address, the runtime folder's bus when it exists.
        #expect(
            SessionBusAddress.sockets(environment: ["XDG_RUNTIME_DIR": "/run/user/7"]) { $0 == "/run/user/7/bus" }
                == [Array("/run/user/7/bus".utf8)])
        #expect(SessionBusAddress.sockets(environment: ["XDG_RUNTIME_DIR": "/run/user/7"], exists: none).isEmpty)
        #expect(
            SessionBusAddress.sockets(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/a%zz"], exists: none)
                .isEmpty)
    }

    /// An error reply as dbus-daemon sends one: the call's serial, the error's name, and its message.
    static let errorReply = BusMessage.message(
        .error, serial: 9, signature: "s",
        fields: { fields in
            fields.field(.errorName, signature: "s") { $0.string("org.freedesktop.DBus.Error.ServiceUnknown") }
            fields.field(.replySerial, signature: "u") { $0.uint32(2) }
        }, arguments: { $0.string("The name ca.desrt.dconf was not provided by any .service files") })

    @Test func anErrorReplyNamesTheCallAndSaysWhy() throws {
        let (message, length) = try #require(try BusMessage.read(from: Self.errorReply[...]))
        #expect(length == Self.errorReply.count)
        #expect(message.kind == .error)
        #expect(message.replySerial == 2)
        #expect(message.errorName == "org.freedesktop.DBus.Error.ServiceUnknown")
        #expect(message.errorMessage == "The name ca.desrt.dconf was not provided by any .service files")
        // Two messages in one read: the first is taken alone.
        let call = BusMessage.methodCall(
            serial: 3, destination: "ca.desrt.dconf", path: "/ca/desrt/dconf/Writer/user",
            interface: "ca.desrt.dconf.Writer", member: "Change", signature: "ay"
        ) { $0.byteArray([1, 2, 3]) }
        let (first, firstLength) = try #require(try BusMessage.read(from: (call + Self.errorReply)[...]))
        #expect(firstLength == call.count)
        #expect(first.kind == .methodCall)
        #expect(first.replySerial == nil)
    }

    @Test func damagedRepliesNeverTrap() {
        let reply = Self.errorReply
        for length in 0..<reply.count {
            // A message cut short is waited for, never read.
            #expect((try? BusMessage.read(from: reply.prefix(length))) ?? nil == nil)
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            var damaged = reply
            for _ in 0..<4 { damaged[Int.random(in: 0..<damaged.count, using: &generator)] = .random(in: 0...255) }
            _ = try? BusMessage.read(from: damaged[...])
        }
    }

    @Test func dconfsNotifyNamesThePathsItChanged() throws {
        // Where the array of changes ends in the body, for the cuts below.
        var arrayEnd = 0
        let bytes = BusMessage.message(
            .signal, serial: 5, signature: "sass",
            fields: { fields in
                fields.field(.path, signature: "o") { $0.string("/ca/desrt/dconf/Writer/user") }
                fields.field(.interface, signature: "s") { $0.string("ca.desrt.dconf.Writer") }
                fields.field(.member, signature: "s") { $0.string("Notify") }
            },
            arguments: { body in
                body.string("/org/gnome/desktop/interface/")
                // The array's length, filled in once its strings are in.
                body.uint32(0)
                let lengthAt = body.bytes.count - 4
                for change in ["gtk-theme", "clock-format"] { body.string(change) }
                let length = UInt32(body.bytes.count - lengthAt - 4)
                for index in 0..<4 { body.bytes[lengthAt + index] = UInt8(truncatingIfNeeded: length >> (8 * index)) }
                arrayEnd = body.bytes.count
                body.string(":1.1:user:7")
            })
        let (signal, _) = try #require(try BusMessage.read(from: bytes[...]))
        #expect(signal.kind == .signal)
        #expect(signal.path == "/ca/desrt/dconf/Writer/user")
        #expect(
            DconfNotifyListener.paths(of: signal)
                == ["/org/gnome/desktop/interface/gtk-theme", "/org/gnome/desktop/interface/clock-format"])
        // A signal of another member or interface, or cut before its array ends, names nothing.
        var other = signal
        other.member = "WritabilityNotify"
        #expect(DconfNotifyListener.paths(of: other) == nil)
        var elsewhere = signal
        elsewhere.interface = "org.example.Other"
        #expect(DconfNotifyListener.paths(of: elsewhere) == nil)
        for cut in 1..<arrayEnd {
            var damaged = signal
            damaged.body = Unmarshaller(
                bytes: Array(signal.body.bytes.prefix(signal.body.position + cut)), little: true,
                position: signal.body.position)
            #expect(DconfNotifyListener.paths(of: damaged) == nil, "cut at \(cut)")
        }
    }
}
