import PrefsCore
import PrefsStoreKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes binary property lists (`bplist00`) as macOS, Foundation and `plistlib` read them.
///
/// A suite that is binary stays binary, and a write re-encodes only what it was asked to change: every other entry's
/// objects are transcribed from the file as it was — a number's width, a 4-byte real, a string's ASCII or UTF-16
/// form, a nested dictionary's key order and objects shared between entries all stay as the other program wrote
/// them. Only the object numbering, the offset table and the trailer are laid out anew. Scalars are written once and
/// shared, as Foundation's writer does.
struct BinaryPropertyListWriter {
    /// Where a top-level key or value comes from: an object of the file being rewritten, or a new value.
    enum Source {
        case object(Int)
        case key(String)
        case value(PropertyListValue)
    }

    private enum Node {
        /// A whole encoded scalar, marker included.
        case scalar([UInt8])
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    private let old: BinaryPropertyListLayout?
    private var nodes: [Node] = [.dictionary(keys: [], values: [])]
    /// Scalars written so far, by their encoding, so that equal ones are written once; compared by bytes, so two
    /// strings Swift finds equal but whose scalars differ stay two strings.
    private var scalars: [[UInt8]: Int] = [:]
    /// The node each object of the old file became.
    private var transcribed: [Int: Int] = [:]

    /// The file for a dictionary of entries, in the order given.
    ///
    /// - Parameters:
    ///   - entries: Each top-level entry's key and value.
    ///   - old: The file that ``Source/object(_:)`` sources refer to.
    /// - Returns: The file.
    /// - Throws: ``BinaryPropertyListLayout/Failure`` when an object of the old file cannot be read again.
    static func document(_ entries: [(key: Source, value: Source)], transcribingFrom old: BinaryPropertyListLayout?)
        throws(BinaryPropertyListLayout.Failure) -> [UInt8]
    {
        var writer = BinaryPropertyListWriter(old: old)
        var keys: [Int] = []
        var values: [Int] = []
        keys.reserveCapacity(entries.count)
        values.reserveCapacity(entries.count)
        for (key, value) in entries {
            keys.append(try writer.node(key))
            values.append(try writer.node(value))
        }
        writer.nodes[0] = .dictionary(keys: keys, values: values)
        return writer.serialized()
    }

    /// The file for some values, keys sorted.
    static func encode(_ values: [String: PropertyListValue]) -> [UInt8] {
        var writer = BinaryPropertyListWriter(old: nil)
        writer.nodes[0] = writer.dictionary(values)
        return writer.serialized()
    }

    private init(old: BinaryPropertyListLayout?) {
        self.old = old
    }

    private mutating func node(_ source: Source) throws(BinaryPropertyListLayout.Failure) -> Int {
        switch source {
        case .object(let index): try transcribe(index)
        case .key(let key): scalar(Self.string(key))
        case .value(let value): add(value)
        }
    }

    // MARK: - New values

    private mutating func add(_ value: PropertyListValue) -> Int {
        switch value {
        case .array(let elements):
            let children = elements.map { add($0) }
            nodes.append(.array(children))
            return nodes.count - 1
        case .dictionary(let elements):
            nodes.append(dictionary(elements))
            return nodes.count - 1
        default:
            return scalar(Self.scalar(value))
        }
    }

    private mutating func dictionary(_ elements: [String: PropertyListValue]) -> Node {
        let keys = elements.keys.sorted(by: ExactKey.precedes)
        let keyNodes = keys.map { scalar(Self.string($0)) }
        let valueNodes = keys.map { key in elements[key].map { add($0) } ?? scalar([0x08]) }
        return .dictionary(keys: keyNodes, values: valueNodes)
    }

    private mutating func scalar(_ bytes: [UInt8]) -> Int {
        if let known = scalars[bytes] { return known }
        nodes.append(.scalar(bytes))
        scalars[bytes] = nodes.count - 1
        return nodes.count - 1
    }

    /// A scalar's encoding, marker included; containers are nodes of their own.
    private static func scalar(_ value: PropertyListValue) -> [UInt8] {
        switch value {
        case .bool(let flag): [flag ? 0x09 : 0x08]
        case .int(let number): integer(Int64(number))
        case .unsignedInt(let number): [0x14] + [UInt8](repeating: 0, count: 8) + bigEndian(number, size: 8)
        case .double(let number): [0x23] + bigEndian(number.bitPattern, size: 8)
        case .date(let date): [0x33] + bigEndian(date.timeIntervalSinceReferenceDate.bitPattern, size: 8)
        case .data(let data): header(0x4, count: data.count) + data
        case .string(let text): string(text)
        case .array, .dictionary: []
        }
    }

    /// An integer in the fewest bytes the format allows: 1, 2 or 4 unsigned, else 8 signed.
    private static func integer(_ number: Int64) -> [UInt8] {
        switch number {
        case 0...0xFF: [0x10] + bigEndian(UInt64(number), size: 1)
        case 0...0xFFFF: [0x11] + bigEndian(UInt64(number), size: 2)
        case 0...0xFFFF_FFFF: [0x12] + bigEndian(UInt64(number), size: 4)
        default: [0x13] + bigEndian(UInt64(bitPattern: number), size: 8)
        }
    }

    /// A string as ASCII when it is, else as big-endian UTF-16, as Foundation writes them.
    private static func string(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return header(0x5, count: text.utf8.count) + Array(text.utf8) }
        let units = Array(text.utf16)
        var bytes = header(0x6, count: units.count)
        bytes.reserveCapacity(bytes.count + 2 * units.count)
        for unit in units { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        return bytes
    }

    /// A marker with its count, followed by the count as an integer object when it does not fit the low nibble.
    private static func header(_ kind: UInt8, count: Int) -> [UInt8] {
        count < 0x0F ? [kind << 4 | UInt8(count)] : [kind << 4 | 0x0F] + integer(Int64(count))
    }

    static func bigEndian(_ number: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: number >> (8 * (size - 1 - $0))) }
    }

    // MARK: - Objects of the old file

    /// The node for an object of the old file, its contents transcribed as they are.
    private mutating func transcribe(_ index: Int) throws(BinaryPropertyListLayout.Failure) -> Int {
        if let known = transcribed[index] { return known }
        guard let old else { throw BinaryPropertyListLayout.Failure("no file to transcribe from") }
        let object = try old.object(index)
        let node: Int
        switch object.kind {
        case .array, .dictionary:
            let references = object.kind == .array ? object.count : 2 * object.count
            var children: [Int] = []
            children.reserveCapacity(references)
            for position in 0..<references { children.append(try transcribe(old.reference(in: object, at: position))) }
            nodes.append(
                object.kind == .array
                    ? .array(children)
                    : .dictionary(keys: Array(children[..<object.count]), values: Array(children[object.count...])))
            node = nodes.count - 1
        default:
            let unit = object.kind == .utf16 ? 2 : 1
            let end = object.kind == .simple ? object.payload : object.payload + object.count * unit
            node = scalar(Array(old.bytes[old.offset(of: index)..<end]))
        }
        transcribed[index] = node
        return node
    }

    // MARK: - Layout

    /// The nodes laid out: header, objects, offset table and trailer, with the root as object 0.
    private func serialized() -> [UInt8] {
        let referenceSize = Self.size(for: UInt64(nodes.count - 1))
        var output = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(nodes.count)
        func references(_ kind: UInt8, _ children: [Int], count: Int) {
            output += Self.header(kind, count: count)
            for child in children { output += Self.bigEndian(UInt64(child), size: referenceSize) }
        }
        for node in nodes {
            offsets.append(output.count)
            switch node {
            case .scalar(let bytes): output += bytes
            case .array(let children): references(0xA, children, count: children.count)
            case .dictionary(let keys, let values): references(0xD, keys + values, count: keys.count)
            }
        }
        let tableOffset = output.count
        let offsetSize = Self.size(for: UInt64(max(tableOffset - 1, 0)))
        for offset in offsets { output += Self.bigEndian(UInt64(offset), size: offsetSize) }
        output += [UInt8](repeating: 0, count: 6) + [UInt8(offsetSize), UInt8(referenceSize)]
        output += Self.bigEndian(UInt64(nodes.count), size: 8) + Self.bigEndian(0, size: 8)
        output += Self.bigEndian(UInt64(tableOffset), size: 8)
        return output
    }

    /// The fewest bytes of 1, 2, 4 or 8 that hold a number.
    private static func size(for number: UInt64) -> Int {
        switch number {
        case 0...0xFF: 1
        case 0...0xFFFF: 2
        case 0...0xFFFF_FFFF: 4
        default: 8
        }
    }
}
