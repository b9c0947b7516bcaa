extension Marshaller {
    /// Marshals a value of any type, each part aligned from the message's start.
    ///
    /// - Parameter value: The value.
    package mutating func value(_ value: BusValue) {
        switch value {
        case .boolean(let flag): uint32(flag ? 1 : 0)
        case .byte(let byte): bytes.append(byte)
        case .int16(let number): fixed(UInt64(UInt16(bitPattern: number)), size: 2)
        case .uint16(let number): fixed(UInt64(number), size: 2)
        case .int32(let number): uint32(UInt32(bitPattern: number))
        case .uint32(let number): uint32(number)
        case .int64(let number): fixed(UInt64(bitPattern: number), size: 8)
        case .uint64(let number): fixed(number, size: 8)
        case .double(let number): fixed(number.bitPattern, size: 8)
        case .string(let text), .objectPath(let text): string(text)
        case .signature(let text): signature(text)
        case .array(let element, let items):
            array(alignment: BusValue.alignment(of: element[...])) { marshaller in
                for item in items { marshaller.value(item) }
            }
        case .structure(let fields):
            structure { marshaller in
                for field in fields { marshaller.value(field) }
            }
        case .entry(let key, let value):
            structure { marshaller in
                marshaller.value(key)
                marshaller.value(value)
            }
        case .variant(let inner):
            signature(inner.signature)
            self.value(inner)
        }
    }

    /// A number of 2 or 8 bytes, little-endian, aligned to its size.
    private mutating func fixed(_ number: UInt64, size: Int) {
        align(size)
        bytes += (0..<size).map { UInt8(truncatingIfNeeded: number >> (8 * $0)) }
    }
}
