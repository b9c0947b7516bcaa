/// A D-Bus message on the wire: method calls written little-endian, and the few header fields of a reply read back.
///
/// Written by hand, with ``SessionBusConnection``, so that a write to dconf needs no GIO: GDBus is the only D-Bus library
/// the machine is sure to have, and loading it costs a `prefs write` more than the whole of `gsettings set`. Only
/// what dconf's `Change` call and its `Notify` signal need is here: strings, object paths, signatures, `u`, `ay`, `as`.
package struct BusMessage {
    /// A message's type, the second byte of its header.
    package enum Kind: UInt8 {
        case methodCall = 1
        case methodReturn = 2
        case error = 3
        case signal = 4
    }

    /// A header field's code (`a(yv)` in the header).
    package enum Field: UInt8 {
        case path = 1
        case interface = 2
        case member = 3
        case errorName = 4
        case replySerial = 5
        case destination = 6
        case sender = 7
        case signature = 8
        case unixFDs = 9
    }

    /// The largest message read: dconf's replies are a few hundred bytes; anything near this is not one of them.
    package static let maximumSize = 1 << 20

    /// A method call's bytes.
    ///
    /// - Parameters:
    ///   - serial: The call's serial, which its reply names; not 0.
    ///   - destination: The bus name of the service, which the bus starts when it is not running.
    ///   - path: The object's path.
    ///   - interface: The method's interface.
    ///   - member: The method's name.
    ///   - signature: The arguments' signature, empty for none.
    ///   - arguments: Marshals the arguments, from the body's start.
    /// - Returns: The message.
    package static func methodCall(
        serial: UInt32, destination: String, path: String, interface: String, member: String, signature: String = "",
        arguments: (inout Marshaller) -> Void = { _ in }
    ) -> [UInt8] {
        message(
            .methodCall, serial: serial, signature: signature,
            fields: { fields in
                fields.field(.path, signature: "o") { $0.string(path) }
                fields.field(.interface, signature: "s") { $0.string(interface) }
                fields.field(.member, signature: "s") { $0.string(member) }
                fields.field(.destination, signature: "s") { $0.string(destination) }
            }, arguments: arguments)
    }

    /// A signal's bytes, sent to whoever listens for it.
    ///
    /// - Parameters:
    ///   - serial: The signal's serial; not 0.
    ///   - path: The object's path the signal comes from.
    ///   - interface: The signal's interface.
    ///   - member: The signal's name.
    ///   - signature: The arguments' signature.
    ///   - arguments: Marshals the arguments, from the body's start.
    /// - Returns: The message.
    package static func signal(
        serial: UInt32, path: String, interface: String, member: String, signature: String,
        arguments: (inout Marshaller) -> Void
    ) -> [UInt8] {
        message(
            .signal, serial: serial, signature: signature,
            fields: { fields in
                fields.field(.path, signature: "o") { $0.string(path) }
                fields.field(.interface, signature: "s") { $0.string(interface) }
                fields.field(.member, signature: "s") { $0.string(member) }
            }, arguments: arguments)
    }

    /// A message's bytes: its header, with the body's signature among its fields, then its body.
    ///
    /// - Parameters:
    ///   - kind: The message's type.
    ///   - serial: Its serial; not 0.
    ///   - signature: The body's signature, empty for none.
    ///   - fields: Marshals the header's other fields.
    ///   - arguments: Marshals the body, from its start.
    /// - Returns: The message.
    package static func message(
        _ kind: Kind, serial: UInt32, signature: String, fields: (inout Marshaller) -> Void,
        arguments: (inout Marshaller) -> Void
    ) -> [UInt8] {
        var header = Marshaller(startingAt: 16)
        fields(&header)
        if !signature.isEmpty { header.field(.signature, signature: "g") { $0.signature(signature) } }
        // The body starts at a multiple of 8, so its alignment counts from 0.
        var body = Marshaller(startingAt: 0)
        arguments(&body)
        var message = Marshaller(startingAt: 0)
        message.bytes = [UInt8(ascii: "l"), kind.rawValue, 0, 1]
        message.uint32(UInt32(body.bytes.count))
        message.uint32(serial)
        message.uint32(UInt32(header.bytes.count))
        message.bytes += header.bytes
        message.align(8)
        return message.bytes + body.bytes
    }
}

/// D-Bus's marshalling of the types the stores' calls and signals need (strings, `u`, arrays, structs), little-endian: each value
/// aligned to its size from the message's start.
package struct Marshaller {
    package var bytes: [UInt8] = []
    /// Where ``bytes`` start in the message, for alignment.
    package let start: Int

    package init(startingAt start: Int) {
        self.start = start
    }

    package mutating func align(_ alignment: Int) {
        while (start + bytes.count) % alignment != 0 { bytes.append(0) }
    }

    package mutating func uint32(_ value: UInt32) {
        align(4)
        bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A byte array (`ay`): its length, then its bytes.
    package mutating func byteArray(_ array: [UInt8]) {
        uint32(UInt32(array.count))
        bytes += array
    }

    /// An array: its length in bytes, then its elements from their first alignment, which the length leaves out.
    ///
    /// - Parameters:
    ///   - alignment: The elements' alignment: 8 for structs and dictionary entries, 4 for strings and arrays.
    ///   - elements: Marshals the elements.
    package mutating func array(alignment: Int, _ elements: (inout Marshaller) -> Void) {
        uint32(0)
        let length = bytes.count - 4
        align(alignment)
        let first = bytes.count
        elements(&self)
        let count = UInt32(bytes.count - first)
        for index in 0..<4 { bytes[length + index] = UInt8(truncatingIfNeeded: count >> (8 * index)) }
    }

    /// A struct or a dictionary entry: its fields from a multiple of 8.
    package mutating func structure(_ fields: (inout Marshaller) -> Void) {
        align(8)
        fields(&self)
    }

    /// A string or an object path: its length, its bytes, a nul.
    package mutating func string(_ text: String) {
        uint32(UInt32(text.utf8.count))
        bytes += Array(text.utf8) + [0]
    }

    /// A signature: its length in one byte, its bytes, a nul.
    package mutating func signature(_ text: String) {
        bytes.append(UInt8(text.utf8.count))
        bytes += Array(text.utf8) + [0]
    }

    /// A header field: a struct of its code and a variant of its value.
    package mutating func field(_ code: BusMessage.Field, signature type: String, value: (inout Marshaller) -> Void) {
        align(8)
        bytes.append(code.rawValue)
        signature(type)
        value(&self)
    }
}
