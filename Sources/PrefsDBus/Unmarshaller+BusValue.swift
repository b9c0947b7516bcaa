extension Unmarshaller {
    /// The deepest a value read may nest: D-Bus allows 32 arrays inside 32 structs.
    static let maximumDepth = 64

    /// Reads a value of a type, or `nil` when the bytes do not hold one: past the end, an array longer than the
    /// message or not ending where its length says, a variant of a type that is not one, too deep.
    ///
    /// - Parameter type: One complete type (`u`, `a{sv}`).
    /// - Returns: The value.
    package mutating func value(ofType type: String) -> BusValue? {
        guard let (complete, rest) = BusValue.firstType(in: type[...]), rest.isEmpty else { return nil }
        return value(of: complete, depth: 0)
    }

    private mutating func value(of type: Substring, depth: Int) -> BusValue? {
        guard depth <= Self.maximumDepth, let first = type.first else { return nil }
        switch first {
        case "b":
            guard let number = uint32(), number <= 1 else { return nil }
            return .boolean(number == 1)
        case "y": return byte().map(BusValue.byte)
        case "n": return fixed(size: 2).map { .int16(Int16(bitPattern: UInt16($0))) }
        case "q": return fixed(size: 2).map { .uint16(UInt16($0)) }
        case "i": return uint32().map { .int32(Int32(bitPattern: $0)) }
        case "u": return uint32().map(BusValue.uint32)
        case "x": return fixed(size: 8).map { .int64(Int64(bitPattern: $0)) }
        case "t": return fixed(size: 8).map(BusValue.uint64)
        case "d": return fixed(size: 8).map { .double(Double(bitPattern: $0)) }
        case "s": return string().map(BusValue.string)
        case "o": return string().map(BusValue.objectPath)
        case "g": return signature().map(BusValue.signature)
        case "v":
            guard let inner = signature(), let (complete, rest) = BusValue.firstType(in: inner[...]), rest.isEmpty,
                let value = value(of: complete, depth: depth + 1)
            else { return nil }
            return .variant(value)
        case "a":
            let element = type.dropFirst()
            guard let length = uint32() else { return nil }
            align(BusValue.alignment(of: element))
            let end = position + Int(length)
            guard end <= bytes.count else { return nil }
            var items: [BusValue] = []
            while position < end {
                guard let item = value(of: element, depth: depth + 1), position <= end else { return nil }
                items.append(item)
            }
            return .array(element: String(element), items)
        case "(", "{":
            align(8)
            var fields: [BusValue] = []
            var rest = type.dropFirst().dropLast()
            while let (field, after) = BusValue.firstType(in: rest) {
                guard let value = value(of: field, depth: depth + 1) else { return nil }
                fields.append(value)
                rest = after
            }
            if first == "{" {
                guard fields.count == 2 else { return nil }
                return .entry(key: fields[0], value: fields[1])
            }
            return .structure(fields)
        default:
            return nil
        }
    }

    /// A number of 2 or 8 bytes, aligned to its size, in the message's byte order.
    private mutating func fixed(size: Int) -> UInt64? {
        align(size)
        guard position + size <= bytes.count else { return nil }
        defer { position += size }
        let parts = bytes[position..<position + size].map(UInt64.init)
        let ordered = little ? parts.reversed() : parts
        return ordered.reduce(0) { $0 << 8 | $1 }
    }
}
