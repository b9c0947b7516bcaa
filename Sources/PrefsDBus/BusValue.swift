/// A D-Bus value of any type but a Unix file descriptor: what a service's reply or signal holds, and what a call
/// sends, read and written by ``Marshaller`` and ``Unmarshaller`` with every length and offset checked.
///
/// xfconfd's properties travel as variants of the basic types and arrays of them; `GetAllProperties` answers with a
/// dictionary of them (`a{sv}`).
package indirect enum BusValue: Equatable, Sendable {
    case boolean(Bool)
    case byte(UInt8)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// An array, with its elements' type, which an empty array still has.
    case array(element: String, [BusValue])
    case structure([BusValue])
    /// A dictionary's entry, found only in an array (`a{sv}`).
    case entry(key: BusValue, value: BusValue)
    case variant(BusValue)

    /// The value's type, as a D-Bus signature (`u`, `av`, `a{sv}`).
    package var signature: String {
        switch self {
        case .boolean: "b"
        case .byte: "y"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .array(let element, _): "a" + element
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .entry(let key, let value): "{" + key.signature + value.signature + "}"
        case .variant: "v"
        }
    }

    /// The alignment of a value of a type, by the type's first character.
    static func alignment(of type: Substring) -> Int {
        switch type.first {
        case "y", "g", "v": 1
        case "n", "q": 2
        case "x", "t", "d", "(", "{": 8
        default: 4
        }
    }

    /// The first complete type of a signature, and what follows it.
    ///
    /// - Parameters:
    ///   - signature: A signature, or its rest.
    ///   - depth: How deep the type already is.
    /// - Returns: The type and the rest; `nil` when the signature starts with none, or nests containers deeper than
    ///   D-Bus allows (64).
    static func firstType(in signature: Substring, depth: Int = 0) -> (type: Substring, rest: Substring)? {
        guard depth <= 64, let first = signature.first else { return nil }
        switch first {
        case "b", "y", "n", "q", "i", "u", "x", "t", "d", "s", "o", "g", "v":
            return (signature.prefix(1), signature.dropFirst())
        case "a":
            guard let (_, rest) = firstType(in: signature.dropFirst(), depth: depth + 1) else { return nil }
            return (signature[..<rest.startIndex], rest)
        case "(", "{":
            let close: Character = first == "(" ? ")" : "}"
            var rest = signature.dropFirst()
            var count = 0
            while rest.first != close {
                guard let (_, after) = firstType(in: rest, depth: depth + 1) else { return nil }
                rest = after
                count += 1
            }
            // A struct holds at least one type; an entry exactly two.
            guard first == "(" ? count > 0 : count == 2 else { return nil }
            return (signature[..<rest.index(after: rest.startIndex)], rest.dropFirst())
        default:
            return nil
        }
    }
}
