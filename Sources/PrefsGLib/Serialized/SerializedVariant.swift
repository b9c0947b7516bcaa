/// A GVariant in its serialized form, as GLib stores it in files (dconf's databases, `gschemas.compiled`), read in
/// Swift.
///
/// Written by hand because no library reads the format outside GLib, and loading GLib for it costs a one-key read
/// more than the whole of `gsettings get`. Only data in GLib's normal form is read: wherever GLib would substitute a
/// default for malformed data (a framing offset out of bounds, a string without its nul, a bool that is neither 0
/// nor 1), the accessors here return `nil`, so that a caller asks GLib instead and sees exactly what GLib shows.
/// Every offset is checked against the bytes; nothing here traps on any input.
package struct SerializedVariant: Sendable {
    /// The value's type.
    package let type: SerializedType
    /// The bytes the value is in, shared with its container.
    let buffer: [UInt8]
    /// Where the value is in ``buffer``.
    let range: Range<Int>

    /// A value of a type in some bytes.
    ///
    /// - Parameters:
    ///   - type: Its type.
    ///   - buffer: The bytes it is in.
    ///   - range: Where in them; must lie within them.
    package init?(type: SerializedType, buffer: [UInt8], range: Range<Int>) {
        guard range.lowerBound >= 0, range.upperBound <= buffer.count else { return nil }
        self.type = type
        self.buffer = buffer
        self.range = range
    }

    private var size: Int { range.count }

    // MARK: - Basic values

    /// The bytes of a fixed-size value read as a little-endian unsigned integer of `size` bytes.
    private func unsigned(_ bytes: Int) -> UInt64? {
        guard size == bytes else { return nil }
        var value: UInt64 = 0
        for index in (0..<bytes).reversed() { value = value << 8 | UInt64(buffer[range.lowerBound + index]) }
        return value
    }

    /// A bool's value; `nil` for any other type, or a byte other than 0 or 1.
    package var bool: Bool? {
        guard type == .fixed("b"), let byte = unsigned(1), byte <= 1 else { return nil }
        return byte == 1
    }

    /// An integer's value, of any integer type but a handle; `nil` for any other type.
    package var integer: Int128? {
        guard case .fixed(let code) = type else { return nil }
        switch code {
        case "y": return unsigned(1).map { Int128($0) }
        case "n": return unsigned(2).map { Int128(Int16(truncatingIfNeeded: $0)) }
        case "q": return unsigned(2).map { Int128($0) }
        case "i": return unsigned(4).map { Int128(Int32(truncatingIfNeeded: $0)) }
        case "u": return unsigned(4).map { Int128($0) }
        case "x": return unsigned(8).map { Int128(Int64(bitPattern: $0)) }
        case "t": return unsigned(8).map { Int128($0) }
        default: return nil
        }
    }

    /// A double's value; `nil` for any other type.
    package var double: Double? {
        guard type == .fixed("d") else { return nil }
        return unsigned(8).map(Double.init(bitPattern:))
    }

    /// A string's text (`s`); `nil` for any other type, a missing nul, a nul inside, or text that is not UTF-8.
    package var string: String? {
        guard type == .text("s") else { return nil }
        return text
    }

    /// The text of an `s`, `o` or `g` in normal form: UTF-8 with one nul, at the end.
    private var text: String? {
        guard size > 0, buffer[range.upperBound - 1] == 0 else { return nil }
        let body = buffer[range.lowerBound..<(range.upperBound - 1)]
        guard !body.contains(0) else { return nil }
        return String(validating: body, as: UTF8.self)
    }

    /// The raw bytes of the value.
    package var bytes: ArraySlice<UInt8> { buffer[range] }

    // MARK: - Containers

    /// The value inside a `v`: its data, a nul, then its type string; `nil` for any other type or malformed data.
    package var inner: SerializedVariant? {
        guard type == .variant, let nul = buffer[range].lastIndex(of: 0) else { return nil }
        guard let typeString = String(validating: buffer[(nul + 1)..<range.upperBound], as: UTF8.self),
            let innerType = SerializedType(typeString)
        else { return nil }
        let child = range.lowerBound..<nul
        if let fixed = innerType.fixedSize, fixed != child.count { return nil }
        return SerializedVariant(type: innerType, buffer: buffer, range: child)
    }

    /// The children of a container: an array's elements, a tuple's or an entry's members, a maybe's value (none for
    /// nothing); `nil` for a basic type, or data not in normal form.
    package var children: [SerializedVariant]? {
        switch type {
        case .fixed, .text: return nil
        case .variant: return inner.map { [$0] }
        case .maybe(let element): return maybeChildren(element)
        case .array(let element): return arrayChildren(element)
        case .tuple(let members): return tupleChildren(members)
        case .entry(let key, let value): return tupleChildren([key, value])
        }
    }

    private func maybeChildren(_ element: SerializedType) -> [SerializedVariant]? {
        guard size > 0 else { return [] }
        if let fixed = element.fixedSize {
            guard size == fixed else { return nil }
            return child(element, range).map { [$0] }
        }
        guard buffer[range.upperBound - 1] == 0 else { return nil }
        return child(element, range.lowerBound..<(range.upperBound - 1)).map { [$0] }
    }

    private func arrayChildren(_ element: SerializedType) -> [SerializedVariant]? {
        if let fixed = element.fixedSize {
            guard size % fixed == 0 else { return nil }
            return stride(from: range.lowerBound, to: range.upperBound, by: fixed).compactMapAll {
                child(element, $0..<($0 + fixed))
            }
        }
        guard size > 0 else { return [] }
        let width = Self.offsetWidth(size)
        guard let framing = offset(at: range.upperBound - width, width: width), framing <= size,
            (size - framing) % width == 0
        else { return nil }
        let count = (size - framing) / width
        var elements: [SerializedVariant] = []
        elements.reserveCapacity(count)
        var start = 0
        for index in 0..<count {
            guard let end = offset(at: range.lowerBound + framing + index * width, width: width),
                start <= end, end <= framing,
                let item = child(element, (range.lowerBound + start)..<(range.lowerBound + end))
            else { return nil }
            elements.append(item)
            start = SerializedType.aligned(end, to: element.alignment)
        }
        return elements
    }

    private func tupleChildren(_ members: [SerializedType]) -> [SerializedVariant]? {
        if let fixed = type.fixedSize, fixed != size { return nil }
        let width = Self.offsetWidth(size)
        var children: [SerializedVariant] = []
        var position = 0
        var framingUsed = 0
        for (index, member) in members.enumerated() {
            position = SerializedType.aligned(position, to: member.alignment)
            let end: Int
            if let fixed = member.fixedSize {
                end = position + fixed
            } else if index == members.count - 1 {
                end = size - framingUsed * width
            } else {
                framingUsed += 1
                guard let offset = offset(at: range.upperBound - framingUsed * width, width: width) else {
                    return nil
                }
                end = offset
            }
            guard position <= end, end <= size - framingUsed * width,
                let child = child(member, (range.lowerBound + position)..<(range.lowerBound + end))
            else { return nil }
            children.append(child)
            position = end
        }
        // Normal form: a tuple of fixed size is exactly its members (checked above); any other holds nothing after
        // its last member but its framing offsets.
        if type.fixedSize == nil, position + framingUsed * width != size { return nil }
        return children
    }

    private func child(_ type: SerializedType, _ range: Range<Int>) -> SerializedVariant? {
        if let fixed = type.fixedSize, fixed != range.count { return nil }
        return SerializedVariant(type: type, buffer: buffer, range: range)
    }

    /// A framing offset: a little-endian integer of `width` bytes at `position`, within this value.
    private func offset(at position: Int, width: Int) -> Int? {
        guard width > 0, position >= range.lowerBound, position + width <= range.upperBound else { return nil }
        var value = 0
        for index in (0..<width).reversed() { value = value << 8 | Int(buffer[position + index]) }
        return value >= 0 ? value : nil
    }

    /// The width of a container's framing offsets: the fewest bytes that can hold its size.
    private static func offsetWidth(_ size: Int) -> Int {
        switch size {
        case 0: 0
        case ...0xFF: 1
        case ...0xFFFF: 2
        case ...0xFFFF_FFFF: 4
        default: 8
        }
    }
}

extension Sequence {
    /// The results of a transform of every element, or `nil` when any gives `nil`.
    fileprivate func compactMapAll<T>(_ transform: (Element) -> T?) -> [T]? {
        var results: [T] = []
        for element in self {
            guard let result = transform(element) else { return nil }
            results.append(result)
        }
        return results
    }
}
