import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads binary property lists (`bplist00`), the format macOS writes preferences in, into ``PropertyListValue``s.
///
/// Hand-written because Foundation's reader is the slow path it replaces: on Linux it builds `NSDictionary`s and
/// bridges every value (3.6 times `plistlib` on a folder of real preferences), crashes the process on a set, and
/// loses the difference between a date's exact bits and what its bridging rounds. This reader is bounded as the XML
/// one is:
/// - every offset, count and reference is checked against the file (``BinaryPropertyListLayout``);
/// - arrays and dictionaries nest at most ``XMLPropertyListReader/maximumDepth`` deep, and a container that contains
///   itself is refused;
/// - an object referenced from many places is decoded once and shared, and a document whose sharing would expand it
///   past ``expansionLimit(forSize:)`` values is refused, so that a small file cannot stand for an enormous one;
/// - sets, UIDs, nulls and text that is not valid ASCII or UTF-16 are refused: preferences never hold them, and
///   `plistlib` and Foundation disagree on them.
///
/// An error is one line, naming what is wrong.
struct BinaryPropertyListReader {
    typealias Failure = BinaryPropertyListLayout.Failure

    /// A top-level entry: its key and value, and the objects they were read from.
    struct Entry {
        let key: String
        let value: PropertyListValue
        let keyObject: Int
        let valueObject: Int
    }

    private let layout: BinaryPropertyListLayout
    /// Each object decoded so far.
    private var decoded: [PropertyListValue?]
    /// How many values each decoded object stands for, itself and everything under it, counting shared ones each time.
    private var expanded: [Int]
    /// The containers being decoded, to find one that contains itself.
    private var open: [Bool]
    private let limit: Int

    /// The most values a document of `size` bytes may expand to once shared objects are counted where each is used:
    /// a file without shared containers never comes near it, since every use of an object takes a reference's bytes.
    static func expansionLimit(forSize size: Int) -> Int { max(4 * size, 1 << 20) }

    /// Reads the file's top-level entries in file order.
    ///
    /// - Parameters:
    ///   - bytes: The whole file.
    ///   - each: Called with every entry, in file order.
    /// - Returns: The layout the file was read with.
    /// - Throws: ``BinaryPropertyListLayout/Failure`` naming what is wrong.
    @discardableResult
    static func read(_ bytes: UnsafeRawBufferPointer, each: (Entry) -> Void) throws(Failure)
        -> BinaryPropertyListLayout
    {
        var reader = BinaryPropertyListReader(try BinaryPropertyListLayout(bytes))
        for (key, value) in try reader.layout.topEntries() {
            each(try reader.entry(key: key, value: value))
        }
        return reader.layout
    }

    /// Reads some top-level entries of a file whose layout is known, for a reload that re-reads only what changed.
    ///
    /// - Parameters:
    ///   - entries: The key and value objects of each entry to read.
    ///   - layout: The file.
    /// - Returns: The entries, in the order given.
    /// - Throws: ``BinaryPropertyListLayout/Failure`` naming what is wrong.
    static func read(_ entries: [(key: Int, value: Int)], of layout: BinaryPropertyListLayout) throws(Failure)
        -> [Entry]
    {
        var reader = BinaryPropertyListReader(layout)
        var read: [Entry] = []
        read.reserveCapacity(entries.count)
        for (key, value) in entries { read.append(try reader.entry(key: key, value: value)) }
        return read
    }

    private init(_ layout: BinaryPropertyListLayout) {
        self.layout = layout
        decoded = Array(repeating: nil, count: layout.objectCount)
        expanded = Array(repeating: 0, count: layout.objectCount)
        open = Array(repeating: false, count: layout.objectCount)
        limit = Self.expansionLimit(forSize: layout.bytes.count)
    }

    private mutating func entry(key: Int, value: Int) throws(Failure) -> Entry {
        open[layout.top] = true
        defer { open[layout.top] = false }
        return Entry(
            key: try string(key), value: try self.value(value, depth: 2), keyObject: key, valueObject: value)
    }

    /// A dictionary key, which must be a string.
    private mutating func string(_ index: Int) throws(Failure) -> String {
        guard case .string(let text) = try value(index, depth: 2) else {
            throw Failure("a binary property list with a dictionary key that is not a string")
        }
        return text
    }

    /// Decodes an object; `depth` counts the containers it is in, the root dictionary included, plus itself.
    private mutating func value(_ index: Int, depth: Int) throws(Failure) -> PropertyListValue {
        if let known = decoded[index] { return known }
        let object = try layout.object(index)
        let value: PropertyListValue
        var size = 1
        switch object.kind {
        case .array, .dictionary:
            guard depth <= XMLPropertyListReader.maximumDepth else {
                throw Failure(
                    "it nests arrays or dictionaries deeper than \(XMLPropertyListReader.maximumDepth) levels")
            }
            guard !open[index] else { throw Failure("a binary property list with a container inside itself") }
            open[index] = true
            defer { open[index] = false }
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(object.count)
            var dictionary: [String: PropertyListValue] = [:]
            if object.kind == .dictionary { dictionary.reserveCapacity(object.count) }
            for position in 0..<object.count {
                let child = try layout.reference(in: object, at: position)
                let element = try self.value(child, depth: depth + 1)
                size += expanded[child]
                if object.kind == .array {
                    elements.append(element)
                    continue
                }
                guard case .string(let key) = element else {
                    throw Failure("a binary property list with a dictionary key that is not a string")
                }
                let member = try layout.reference(in: object, at: object.count + position)
                dictionary[key] = try self.value(member, depth: depth + 1)
                size += expanded[member]
            }
            guard size <= limit else {
                throw Failure("a binary property list whose shared objects expand to more than \(limit) values")
            }
            value = object.kind == .array ? .array(elements) : .dictionary(dictionary)
        default:
            value = try scalar(object)
        }
        decoded[index] = value
        expanded[index] = size
        return value
    }

    private func scalar(_ object: BinaryPropertyListLayout.Object) throws(Failure) -> PropertyListValue {
        let bytes = layout.bytes
        let start = object.payload
        switch object.kind {
        case .simple:
            switch object.info {
            case 0x8: return .bool(false)
            case 0x9: return .bool(true)
            default: throw Failure("a binary property list holding a null, which preferences cannot hold")
            }
        case .integer:
            return try integer(at: start, size: object.count)
        case .real:
            let bits = BinaryPropertyListLayout.number(bytes, at: start, size: object.count)
            switch object.count {
            case 4: return .double(Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))))
            case 8: return .double(Double(bitPattern: bits))
            default: throw Failure("a binary property list holding a real of \(object.count) bytes")
            }
        case .date:
            let bits = BinaryPropertyListLayout.number(bytes, at: start, size: 8)
            return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits)))
        case .data:
            return .data(Data(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + object.count)])))
        case .ascii:
            let text = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + object.count)])
            guard text.allSatisfy({ $0 < 0x80 }) else {
                throw Failure("a binary property list with an ASCII string holding a byte above 0x7F")
            }
            return .string(String(decoding: text, as: UTF8.self))
        case .utf16:
            return .string(try utf16(at: start, count: object.count))
        case .uid: throw Failure("a binary property list holding an archiver UID, which preferences cannot hold")
        case .set: throw Failure("a binary property list holding a set, which preferences cannot hold")
        case .array, .dictionary: throw Failure("a binary property list holding a misplaced container")
        }
    }

    /// An integer of 1, 2 or 4 bytes (unsigned), 8 (signed), or 16 (signed; how `UInt64` values above `Int64.max`
    /// are written).
    private func integer(at start: Int, size: Int) throws(Failure) -> PropertyListValue {
        let bytes = layout.bytes
        guard size == 16 else {
            let bits = BinaryPropertyListLayout.number(bytes, at: start, size: size)
            return .int(size == 8 ? Int(Int64(bitPattern: bits)) : Int(bits))
        }
        let high = BinaryPropertyListLayout.number(bytes, at: start, size: 8)
        let low = BinaryPropertyListLayout.number(bytes, at: start + 8, size: 8)
        if high == 0 { return PropertyListValue.integer(exactly: low) ?? .unsignedInt(low) }
        if high == UInt64.max, low >= 1 << 63 { return .int(Int(Int64(bitPattern: low))) }
        throw Failure("a binary property list holding an integer outside Int64.min...UInt64.max")
    }

    /// UTF-16 text, big-endian, which must be well formed: a lone surrogate is no character a string can hold.
    private func utf16(at start: Int, count: Int) throws(Failure) -> String {
        let bytes = layout.bytes
        var units: [UInt16] = []
        units.reserveCapacity(count)
        var pendingHigh = false
        for position in 0..<count {
            let unit = UInt16(bytes[start + 2 * position]) << 8 | UInt16(bytes[start + 2 * position + 1])
            let isHigh = (0xD800...0xDBFF).contains(unit)
            let isLow = (0xDC00...0xDFFF).contains(unit)
            guard pendingHigh == isLow else {
                throw Failure("a binary property list with a UTF-16 string holding a lone surrogate")
            }
            pendingHigh = isHigh
            units.append(unit)
        }
        guard !pendingHigh else {
            throw Failure("a binary property list with a UTF-16 string holding a lone surrogate")
        }
        return String(decoding: units, as: UTF16.self)
    }
}
