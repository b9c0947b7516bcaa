extension BusMessage {
    /// What a caller needs of a message the bus sent: whose reply it is and, for an error, what went wrong.
    package struct Received: Equatable {
        package let kind: Kind?
        /// The serial of the call it answers.
        package let replySerial: UInt32?
        /// An error's D-Bus name (`org.freedesktop.DBus.Error.ServiceUnknown`).
        package let errorName: String?
        /// An error's message, its first argument when that is a string.
        package let errorMessage: String?
        /// A signal's or a call's object path, interface and member.
        package var path: String?
        package var interface: String?
        package var member: String?
        /// The unique bus name of the connection that sent it (`:1.42`), which the bus sets.
        package var sender: String?
        /// The serial its sender gave it, which a reply names.
        package var serial: UInt32 = 0
        /// The body's signature, and a reader positioned at its start.
        package var signature = ""
        package var body = Unmarshaller(bytes: [], little: true)
    }

    /// Why a message cannot be read.
    package struct Malformed: Error, Equatable {
        package let reason: String
    }

    /// Reads the first message in some bytes, in either byte order, every offset checked.
    ///
    /// - Parameter buffer: The bytes received so far.
    /// - Returns: The message and its length, or `nil` until all of it has arrived.
    /// - Throws: ``Malformed`` for bytes that are not a D-Bus message, or one over ``maximumSize``.
    package static func read(from buffer: ArraySlice<UInt8>) throws(Malformed) -> (message: Received, length: Int)? {
        guard buffer.count >= 16 else { return nil }
        let bytes = Array(buffer.prefix(16))
        let little: Bool
        switch bytes[0] {
        case UInt8(ascii: "l"): little = true
        case UInt8(ascii: "B"): little = false
        default: throw Malformed(reason: "a message in neither byte order")
        }
        var reader = Unmarshaller(bytes: bytes, little: little)
        reader.position = 4
        guard let bodyLength = reader.uint32(), let serial = reader.uint32(), let fieldsLength = reader.uint32() else {
            throw Malformed(reason: "a short header")
        }
        let bodyStart = (16 + Int(fieldsLength) + 7) & ~7
        let length = bodyStart + Int(bodyLength)
        guard length <= maximumSize else { throw Malformed(reason: "a message of \(length) bytes") }
        guard buffer.count >= length else { return nil }
        reader = Unmarshaller(bytes: Array(buffer.prefix(length)), little: little)
        reader.position = 16
        var replySerial: UInt32?
        var errorName: String?
        var text: [UInt8: String] = [:]
        var signature = ""
        while reader.position < 16 + Int(fieldsLength) {
            reader.align(8)
            guard let code = reader.byte(), let type = reader.signature() else { throw Malformed(reason: "a field") }
            switch (type, code) {
            case ("u", Field.replySerial.rawValue): replySerial = reader.uint32()
            case ("u", _): _ = reader.uint32()
            case ("s", Field.errorName.rawValue): errorName = reader.string()
            case ("s", _), ("o", _): text[code] = reader.string()
            case ("g", Field.signature.rawValue): signature = reader.signature() ?? ""
            case ("g", _): _ = reader.signature()
            default: throw Malformed(reason: "a header field of type \(type)")
            }
            guard reader.position <= 16 + Int(fieldsLength) else { throw Malformed(reason: "a field past the header") }
        }
        reader.position = bodyStart
        let body = reader
        let errorMessage = signature.hasPrefix("s") ? reader.string() : nil
        var message = Received(
            kind: Kind(rawValue: bytes[1]), replySerial: replySerial, errorName: errorName, errorMessage: errorMessage)
        message.path = text[Field.path.rawValue]
        message.interface = text[Field.interface.rawValue]
        message.member = text[Field.member.rawValue]
        message.sender = text[Field.sender.rawValue]
        message.serial = serial
        message.signature = signature
        message.body = body
        return (message, length)
    }
}

/// Reads D-Bus's marshalled values from a message's bytes; each read is `nil` past the end or for a string without
/// its nul.
package struct Unmarshaller: Equatable {
    package let bytes: [UInt8]
    package let little: Bool
    package var position = 0

    /// A reader of bytes in one byte order, from an offset.
    package init(bytes: [UInt8], little: Bool, position: Int = 0) {
        self.bytes = bytes
        self.little = little
        self.position = position
    }

    package mutating func align(_ alignment: Int) {
        position = (position + alignment - 1) & ~(alignment - 1)
    }

    package mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    package mutating func uint32() -> UInt32? {
        align(4)
        guard position + 4 <= bytes.count else { return nil }
        defer { position += 4 }
        let parts = bytes[position..<position + 4].map(UInt32.init)
        let ordered = little ? parts.reversed() : parts
        return ordered.reduce(0) { $0 << 8 | $1 }
    }

    package mutating func string() -> String? {
        guard let length = uint32() else { return nil }
        return text(count: Int(length))
    }

    /// An array of strings (`as`), every element read within the array's length; `nil` when any is not.
    package mutating func strings() -> [String]? {
        guard let length = uint32() else { return nil }
        align(4)
        let end = position + Int(length)
        guard end <= bytes.count else { return nil }
        var strings: [String] = []
        while position < end {
            guard let string = string(), position <= end else { return nil }
            strings.append(string)
        }
        return strings
    }

    /// A byte array (`ay`), read within its length.
    package mutating func byteArray() -> [UInt8]? {
        guard let length = uint32(), position + Int(length) <= bytes.count else { return nil }
        defer { position += Int(length) }
        return Array(bytes[position..<position + Int(length)])
    }

    package mutating func signature() -> String? {
        guard let length = byte() else { return nil }
        return text(count: Int(length))
    }

    private mutating func text(count: Int) -> String? {
        guard position + count < bytes.count, bytes[position + count] == 0 else { return nil }
        defer { position += count + 1 }
        return String(decoding: bytes[position..<position + count], as: UTF8.self)
    }
}
