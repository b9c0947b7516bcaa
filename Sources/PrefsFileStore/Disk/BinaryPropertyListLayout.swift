/// The checked frame of a binary property list (`bplist00`): its trailer, its offset table, and the bounds of each
/// object, read without trusting any number in the file.
///
/// Every offset, count and reference is checked against the file before it is used: an object and its contents lie
/// between the 8-byte header and the offset table, a reference names an object the table lists, and a count fits in
/// the bytes that follow it. Nothing here allocates in proportion to a number the file states.
struct BinaryPropertyListLayout {
    /// Why a file cannot be read, in words for one line of an error.
    struct Failure: Error, Sendable {
        let reason: String

        init(_ reason: String) {
            self.reason = reason
        }
    }

    /// The kinds of object the format defines, by the high nibble of their marker.
    enum Kind: UInt8 {
        case simple = 0x0
        case integer = 0x1
        case real = 0x2
        case date = 0x3
        case data = 0x4
        case ascii = 0x5
        case utf16 = 0x6
        case uid = 0x8
        case array = 0xA
        case set = 0xC
        case dictionary = 0xD
    }

    /// One object's marker and where its contents lie.
    struct Object {
        let kind: Kind
        /// The marker's low nibble: a simple value's code, or a number's size as a power of two.
        let info: UInt8
        /// Elements, bytes or UTF-16 units, after any extended count.
        let count: Int
        /// Where the contents begin.
        let payload: Int
    }

    let bytes: UnsafeRawBufferPointer
    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let top: Int
    /// Where the offset table begins, and so where the objects end.
    let tableOffset: Int

    /// The size of the header, `bplist00`.
    static let headerSize = 8
    /// The size of the trailer.
    static let trailerSize = 32

    /// Whether the bytes begin as a binary property list of any version.
    static func isBinary(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: "bplist".utf8)
    }

    /// Checks the header, trailer and offset table.
    ///
    /// - Parameter bytes: The whole file.
    /// - Throws: ``Failure`` when the file is not a `bplist00` whose trailer and table fit it.
    init(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        guard bytes.starts(with: "bplist00".utf8) else {
            throw Failure("a binary property list of a version other than bplist00")
        }
        guard bytes.count >= Self.headerSize + Self.trailerSize + 1 else {
            throw Failure("a binary property list too short for its trailer")
        }
        self.bytes = bytes
        let trailer = bytes.count - Self.trailerSize
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = Self.number(bytes, at: trailer + 8, size: 8)
        let top = Self.number(bytes, at: trailer + 16, size: 8)
        let table = Self.number(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw Failure("a binary property list whose trailer gives offsets or references of an impossible size")
        }
        // Each object takes at least a byte, so the count is bounded by the file before anything is multiplied.
        guard count >= 1, count <= UInt64(trailer), table >= UInt64(Self.headerSize) + 1, table <= UInt64(trailer),
            count <= (UInt64(trailer) - table) / UInt64(offsetSize), top < count
        else { throw Failure("a binary property list whose trailer does not fit the file") }
        objectCount = Int(count)
        self.top = Int(top)
        tableOffset = Int(table)
        // Referring to an object needs no more bytes than an offset in the file can take.
        guard referenceSize >= 8 || objectCount <= 1 << (8 * referenceSize) else {
            throw Failure("a binary property list with more objects than its references can name")
        }
        for index in 0..<objectCount {
            let offset = Self.number(bytes, at: tableOffset + index * offsetSize, size: offsetSize)
            guard offset >= UInt64(Self.headerSize), offset < table else {
                throw Failure("a binary property list whose object \(index) lies outside it")
            }
        }
    }

    /// Where an object begins; `index` must be below ``objectCount``.
    func offset(of index: Int) -> Int {
        Int(Self.number(bytes, at: tableOffset + index * offsetSize, size: offsetSize))
    }

    /// Reads an object's marker and the extent of its contents.
    ///
    /// - Parameter index: The object, below ``objectCount``.
    /// - Returns: Its kind and the extent of its contents.
    /// - Throws: ``Failure`` when the marker is not one the format defines, or the contents do not fit before the
    ///   offset table.
    func object(_ index: Int) throws(Failure) -> Object {
        let start = offset(of: index)
        let marker = bytes[start]
        guard let kind = Kind(rawValue: marker >> 4) else {
            throw Failure("a binary property list holding an object of unknown kind 0x\(String(marker, radix: 16))")
        }
        let info = marker & 0x0F
        var payload = start + 1
        var count = Int(info)
        let unit: Int
        switch kind {
        case .simple: return Object(kind: kind, info: info, count: 0, payload: payload)
        case .integer, .real:
            guard info <= 4 else { throw Failure("a binary property list holding a number of \(1 << info) bytes") }
            count = 1 << info
            unit = 1
        case .date:
            guard info == 3 else { throw Failure("a binary property list holding a date that is not 8 bytes") }
            count = 8
            unit = 1
        case .uid: unit = 1
        case .data, .ascii: unit = 1
        case .utf16: unit = 2
        case .array, .set: unit = referenceSize
        case .dictionary: unit = 2 * referenceSize
        }
        if info == 0x0F, ![.integer, .real, .date].contains(kind) {
            let length = try object(at: payload)
            guard length.kind == .integer, length.info <= 3 else {
                throw Failure("a binary property list whose object \(index) has a malformed length")
            }
            let value = Self.number(bytes, at: length.payload, size: length.count)
            // Counts are unsigned here; one above the file's size cannot fit and is refused before it is multiplied.
            guard value <= UInt64(tableOffset) else {
                throw Failure("a binary property list whose object \(index) runs past its end")
            }
            count = Int(value)
            payload = length.payload + length.count
        }
        guard count <= (tableOffset - payload) / unit else {
            throw Failure("a binary property list whose object \(index) runs past its end")
        }
        return Object(kind: kind, info: info, count: count, payload: payload)
    }

    /// The object that starts at a byte, for the integer that follows an extended count.
    private func object(at start: Int) throws(Failure) -> Object {
        guard start < tableOffset else { throw Failure("a binary property list whose lengths run past its end") }
        let marker = bytes[start]
        let size = 1 << Int(marker & 0x0F)
        guard marker >> 4 == Kind.integer.rawValue, marker & 0x0F <= 4, size <= tableOffset - start - 1 else {
            throw Failure("a binary property list whose lengths run past its end")
        }
        return Object(kind: .integer, info: marker & 0x0F, count: size, payload: start + 1)
    }

    /// The object a container's reference names.
    ///
    /// - Parameters:
    ///   - container: The container, as ``object(_:)`` read it.
    ///   - position: Which reference, counting a dictionary's keys and then its values.
    /// - Returns: The object's number.
    /// - Throws: ``Failure`` when the reference names no object.
    func reference(in container: Object, at position: Int) throws(Failure) -> Int {
        let value = Self.number(bytes, at: container.payload + position * referenceSize, size: referenceSize)
        guard value < UInt64(objectCount) else {
            throw Failure("a binary property list with a reference to object \(value) of \(objectCount)")
        }
        return Int(value)
    }

    /// The references of the top-level dictionary's keys and values, in file order.
    ///
    /// - Throws: ``Failure`` when the top object is not a dictionary or names missing objects.
    func topEntries() throws(Failure) -> [(key: Int, value: Int)] {
        let root = try object(top)
        guard root.kind == .dictionary else {
            throw Failure(
                root.kind == .set
                    ? "a binary property list holding a set, which preferences cannot hold"
                    : "the root is not a dictionary")
        }
        var entries: [(key: Int, value: Int)] = []
        entries.reserveCapacity(root.count)
        for position in 0..<root.count {
            entries.append(
                (try reference(in: root, at: position), try reference(in: root, at: root.count + position)))
        }
        return entries
    }

    /// The unsigned big-endian number of `size` bytes (at most 8) at `offset`, which the caller has checked.
    static func number(_ bytes: UnsafeRawBufferPointer, at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }
}
